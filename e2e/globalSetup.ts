/**
 * Runs once before the browser tests: compiles the server into dist/node (esbuild, well under a second)
 * so that every test file starts `node dist/node/main.js`, as production does, from the current
 * sources. The browser app (dist/app) is built by `npm test` or `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`the server did not compile (exit ${r.status})`);
}
