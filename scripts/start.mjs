#!/usr/bin/env node
/**
 * `npm start`: builds the browser app when dist/app is missing or older than the sources, then starts
 * the server (tsx server/main.ts). `--dev` reloads the page template on every request.
 */
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const built = path.join(root, 'dist/app/index.html');
const sources = Math.max(newest(path.join(root, 'app')), newest(path.join(root, 'modules')), newest(path.join(root, 'common')));
const ssr = path.join(root, 'dist/server/entry-server.js');
if (!fs.existsSync(built) || !fs.existsSync(ssr) || fs.statSync(built).mtimeMs < sources) {
  console.log('正在构建前端（vite build：浏览器与服务器渲染）…');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const env = { ...process.env, ...(process.argv.includes('--dev') ? { ATRIUM_RELOAD_INDEX: '1' } : {}) };
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env });
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
child.on('exit', (code) => process.exit(code ?? 0));
