// Starts server/search/worker.ts in a worker thread when the server itself runs from TypeScript (tsx):
// worker threads do not take `--import tsx` from execArgv in Node 20, so the loader is registered here.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
