#!/usr/bin/env node
/**
 * `npm run atrium -- ...` (server/cli.ts): the compiled command `node dist/node/cli.js` when its build is
 * fresh, or when tsx is not installed (a production install); otherwise the source through tsx, so a
 * development checkout never runs an old build. Arguments and the exit code pass through.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { installed, root, serverState } from './buildState.mjs';

const built = path.join(root, 'dist/node/cli.js');
const fromSource = serverState() !== 'fresh' && installed('tsx');
if (!fromSource && !fs.existsSync(built)) {
  console.error('缺少 dist/node/cli.js：请先运行 npm run build（需要开发依赖）。');
  process.exit(1);
}
const args = fromSource ? ['--import', 'tsx', path.join(root, 'server/cli.ts')] : [built];
const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
