#!/usr/bin/env node
/**
 * `npm run build:server`: compiles the server into plain JavaScript that `node` runs without tsx (issue
 * 12 §6; decision 275). esbuild bundles each entry point with our own code (server/, common/, modules/,
 * the tsconfig path aliases resolved) and leaves every package external, loaded from node_modules at run
 * time. Out: dist/node/
 *   main.js          the server (server/main.ts)
 *   cli.js           the `atrium` command (server/cli.ts)
 *   worker.js        a search worker thread (server/search/worker.ts; readPool.ts starts `worker.js` beside it)
 *   importWorker.js  an import task's worker thread (server/tasks/importWorker.ts; runner.ts likewise)
 *   oaiPageWorker.js the monitors' OAI-PMH page reader thread (server/monitors/oaiPageWorker.ts; oaiPages.ts likewise)
 *   monitorRunWorker.js  a monitor run's worker thread (server/monitors/monitorRunWorker.ts; tasks.ts likewise)
 *   gb-t-7714-2015-numeric.csl  read beside the bundle by server/citations/render.ts
 * with source maps (`NODE_OPTIONS=--enable-source-maps` to use them). dist/server/ stays Vite's build of
 * the page renderer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './buildState.mjs';

const out = path.join(root, 'dist/node');

/** esbuild's options for the server (scripts/runtimeDependencies.test.ts builds with them too, unwritten). */
export const serverBuildOptions = {
  absWorkingDir: root,
  entryPoints: {
    main: 'server/main.ts',
    cli: 'server/cli.ts',
    worker: 'server/search/worker.ts',
    importWorker: 'server/tasks/importWorker.ts',
    oaiPageWorker: 'server/monitors/oaiPageWorker.ts',
    monitorRunWorker: 'server/monitors/monitorRunWorker.ts',
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  fs.rmSync(out, { recursive: true, force: true });
  await build(serverBuildOptions);
  fs.copyFileSync(path.join(root, 'server/citations/gb-t-7714-2015-numeric.csl'), path.join(out, 'gb-t-7714-2015-numeric.csl'));
  // ES modules wherever the folder is copied to (the root package.json says so too)
  fs.writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
  console.log(`服务器已编译到 dist/node（${Date.now() - started} ms）`);
}
