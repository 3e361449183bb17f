// Starts a TypeScript worker thread module (workerData.entry, an absolute path) when the server itself
// runs from TypeScript (tsx): worker threads do not take `--import tsx` from execArgv in Node 20, so the
// loader is registered here first. Used by server/workerScript.ts and server/search/readPool.ts.
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(pathToFileURL(workerData.entry).href);
