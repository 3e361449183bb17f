/**
 * Where a worker thread's module is: from the compiled server (dist/node, one bundle per entry point of
 * scripts/build-server.mjs) `dist/node/{name}.js`; from TypeScript (tsx) `server/workerBootstrap.mjs`,
 * which registers the loader and then imports `server/{folder}/{name}.ts` (workerData.entry).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The script and the workerData to start the worker `name` of `server/{folder}/` with. */
export function workerScript(folder: string, name: string): { script: string; workerData: Record<string, unknown> } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts'))
    return { script: path.join(path.dirname(here), 'workerBootstrap.mjs'), workerData: { entry: path.join(path.dirname(here), folder, `${name}.ts`) } };
  return { script: path.join(path.dirname(here), `${name}.js`), workerData: {} };
}
