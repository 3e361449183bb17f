/**
 * How an operator starts the server:
 * - a build made with NODE_ENV=development in the shell (a common setting) is a production build: the
 *   compiled server, run with NODE_ENV=development, renders a page with it (it stopped with
 *   `jsxDEV is not a function` when Vite made a development build of the page renderer);
 * - SIGTERM to `npm start` ends the server too: the port is free afterwards, and no `scripts/start.mjs`
 *   or server is left running.
 * The browser build goes to a folder of its own (ATRIUM_WEB_DIR), and `npm start` runs from a copy of the
 * repository's start scripts whose dist/ and node_modules are links to the repository's (no sources
 * beside them, so nothing is rebuilt): dist/ is left as it is for the browser test files that run
 * beside this one (decision 696).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot, startServer, type RunningServer } from './support';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-start-'));
let server: RunningServer | null = null;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** True when something accepts connections on 127.0.0.1:`port`. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

describe('the build under NODE_ENV=development', () => {
  it('is a production build that the compiled server renders pages with', async () => {
    const env = { ...process.env, NODE_ENV: 'development' };
    const vite = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
    for (const args of [
      ['build', '--logLevel', 'warn', '--outDir', path.join(tmp, 'app')],
      ['build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn', '--outDir', path.join(tmp, 'server')],
    ]) {
      const r = spawnSync(process.execPath, [vite, ...args], { cwd: repoRoot, env, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    }
    // React's development runtime is in neither build
    expect(fs.readFileSync(path.join(tmp, 'server/entry-server.js'), 'utf8')).not.toContain('jsxDEV');
    const assets = path.join(tmp, 'app/assets');
    for (const f of fs.readdirSync(assets).filter((f) => f.endsWith('.js'))) expect(fs.readFileSync(path.join(assets, f), 'utf8'), f).not.toContain('jsxDEV');

    server = await startServer({ NODE_ENV: 'development', ATRIUM_WEB_DIR: path.join(tmp, 'app'), LOG_LEVEL: 'error' });
    // the demo application, made on the new database, answers on host localhost
    const r = await fetch(`http://localhost:${server.port}/`);
    expect(r.status).toBe(200);
    const html = await r.text();
    // server-rendered: the app's root holds the page, not an empty shell
    expect(html).toMatch(/<div id="root">\s*<[a-z]/);
    expect(html).not.toContain('atr-status-page');
    expect(server.logTail()).not.toContain('jsxDEV');
    // with the pages built, /metrics (ATRIUM_METRICS off) is still a plain 404, not the site's not-found page
    expect((await fetch(`http://localhost:${server.port}/metrics`, { redirect: 'manual' })).status).toBe(404);
  });
});

/**
 * A folder from which `npm start` starts the repository's build without building: package.json and
 * scripts/ copied, node_modules and each folder of dist/ linked. With no sources there, scripts/buildState.mjs finds the
 * build fresh.
 */
function startRoot(): string {
  const dir = path.join(tmp, 'root');
  fs.mkdirSync(dir);
  fs.copyFileSync(path.join(repoRoot, 'package.json'), path.join(dir, 'package.json'));
  // the scripts keep their times: scripts/build-server.mjs is a source of the compiled server
  fs.cpSync(path.join(repoRoot, 'scripts'), path.join(dir, 'scripts'), { recursive: true, preserveTimestamps: true });
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
  // dist/ a folder of links, so that a build started here by mistake would empty a link, not the repository's folder
  fs.mkdirSync(path.join(dir, 'dist'));
  for (const d of fs.readdirSync(path.join(repoRoot, 'dist'))) fs.symlinkSync(path.join(repoRoot, 'dist', d), path.join(dir, 'dist', d));
  return dir;
}

describe('npm start', () => {
  it('ends the server when npm gets SIGTERM', async () => {
    const port = await freePort();
    const cwd = startRoot();
    const data = path.join(tmp, 'data');
    fs.mkdirSync(data);
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      ATRIUM_DATA_DIR: data,
      DATABASE_URL: path.join(data, 'atrium.db'),
      LOG_LEVEL: 'warn',
    };
    const npm = spawn('npm', ['start', '--silent'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    npm.stdout.on('data', (d) => (log += d));
    npm.stderr.on('data', (d) => (log += d));
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/healthz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000, interval: 250 },
      )
      .toBe(200);
    // it started the build as it is: nothing was built
    expect(log).not.toContain('正在构建');

    npm.kill('SIGTERM');
    await expect.poll(() => listening(port), { timeout: 20_000, interval: 200 }).toBe(false);
    // neither scripts/start.mjs nor the server is left (both have this test's data folder in their environment)
    const left = () =>
      spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter((l) => /scripts\/start\.mjs|dist\/node\/main\.js/.test(l))
        .filter((l) => {
          try {
            return fs.readFileSync(`/proc/${l.trim().split(/\s+/)[0]}/environ`, 'utf8').includes(`ATRIUM_DATA_DIR=${data}\0`);
          } catch {
            return false;
          }
        });
    await expect.poll(left, { timeout: 10_000, interval: 200, message: log }).toEqual([]);
  });
});
