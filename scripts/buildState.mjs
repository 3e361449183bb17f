/**
 * What is built and whether it is older than its sources (decision 275), for
 * scripts/start.mjs and scripts/atrium.mjs. Uses nothing outside Node, so a production install without
 * development dependencies can run it.
 *
 * - the browser app and its server renderer (Vite): dist/app/index.html and dist/server/entry-server.js,
 *   from app/, modules/, common/ and vite.config.ts;
 * - the server (esbuild, scripts/build-server.mjs): dist/node/{main,cli,worker,importWorker,oaiPageWorker,monitorRunWorker}.js, from
 *   server/, modules/, common/, tsconfig.json and the build script (test files do not count).
 */
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The compiled server's entry points, relative to the root. */
export const SERVER_OUTPUTS = [
  'dist/node/main.js',
  'dist/node/cli.js',
  'dist/node/worker.js',
  'dist/node/importWorker.js',
  'dist/node/oaiPageWorker.js',
  'dist/node/monitorRunWorker.js',
];
const WEB_OUTPUTS = ['dist/app/index.html', 'dist/server/entry-server.js'];

/** The newest modification time (ms) of a file or of the files in a folder (test files skipped); 0 when absent. */
function newest(p) {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return /\.test\.tsx?$/.test(p) ? 0 : st.mtimeMs;
  let t = 0;
  for (const e of fs.readdirSync(p)) t = Math.max(t, newest(path.join(p, e)));
  return t;
}

/** 'missing' when an output is absent, 'stale' when a source is newer than the oldest output, else 'fresh'. */
function state(outputs, sources) {
  const times = outputs.map((o) => fs.statSync(path.join(root, o), { throwIfNoEntry: false })?.mtimeMs);
  if (times.some((t) => t === undefined)) return 'missing';
  const src = Math.max(...sources.map((s) => newest(path.join(root, s))));
  return src > Math.min(...times) ? 'stale' : 'fresh';
}

/** The state of the browser build (Vite). */
export const webState = () => state(WEB_OUTPUTS, ['app', 'modules', 'common', 'vite.config.ts']);

/** The state of the compiled server (esbuild). */
export const serverState = () => state(SERVER_OUTPUTS, ['server', 'modules', 'common', 'tsconfig.json', 'scripts/build-server.mjs']);

/** True when a development dependency is installed (false on `npm ci --omit=dev`). */
export const installed = (pkg) => fs.existsSync(path.join(root, 'node_modules', pkg, 'package.json'));
