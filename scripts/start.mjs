#!/usr/bin/env node
/**
 * `npm start` (decision 275): builds what is missing or older than its sources — the
 * browser app and its server renderer (Vite), the compiled server (esbuild, dist/node) — then starts the
 * server with plain node: `node dist/node/main.js`. A production install without development
 * dependencies (`npm ci --omit=dev`) starts from the files built before; it cannot build, so a missing
 * build stops with the command to run, and a build that looks older than the sources is used as it is,
 * with a warning.
 *
 * Process managers (systemd, containers) run `node dist/node/main.js` itself (docs/operations.md); this
 * script passes SIGINT and SIGTERM on to the server and ends with it, also when npm, which started it,
 * is ended.
 *
 * `--dev` (`npm run dev`): the server runs from source through tsx (edits need no build) and the page
 * template is read again on every request.
 */
import { spawnSync, spawn } from 'node:child_process';
import os from 'node:os';
import { setInterval } from 'node:timers';
import { installed, root, serverState, webState } from './buildState.mjs';

process.chdir(root);
const dev = process.argv.includes('--dev');

/** Runs a build step when `state` is not fresh and its tools are installed; stops when it cannot. */
function ensure(what, state, tools, command, args) {
  if (state === 'fresh') return;
  if (tools.every(installed)) {
    console.log(`正在构建${what}…`);
    const r = spawnSync(command, args, { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
    return;
  }
  if (state === 'stale') {
    console.warn(`提示：${what}的构建可能早于源代码，但未安装开发依赖（${tools.join('、')}），沿用已有的构建。`);
    return;
  }
  console.error(`缺少${what}的构建，且未安装开发依赖（${tools.join('、')}）：请在有开发依赖的环境中运行 npm run build，再带上 dist/ 部署。`);
  process.exit(1);
}

ensure('前端（vite build：浏览器与服务器渲染）', webState(), ['vite'], 'npm', ['run', 'build:web', '--silent']);
if (!dev) ensure('服务器（esbuild → dist/node）', serverState(), ['esbuild'], process.execPath, ['scripts/build-server.mjs']);

const env = { ...process.env, ...(dev ? { ATRIUM_RELOAD_INDEX: '1' } : {}) };
const args = dev ? ['--import', 'tsx', 'server/main.ts'] : ['dist/node/main.js'];
const child = spawn(process.execPath, args, { stdio: 'inherit', env });

// SIGINT and SIGTERM go on to the server, which shuts down gracefully; this script then ends with the
// server's status (128 + the signal's number when a signal ended it, as a shell reports it).
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 0)));

// `npm start` runs this script through `sh -c`, and a SIGTERM to npm ends npm and that shell without
// reaching this script, which would go on running with the server. So when the process that started
// this script is gone (the parent changed), the server is stopped as on a SIGTERM.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}, 500).unref();
