/**
 * End-to-end support: a real Atrium server on a free port with a fresh data folder (SQLite), the CLI
 * run against the same database, and Debian's Chromium through playwright-core.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const sharedData = path.resolve(repoRoot, '../shared/data');
export const artifacts = path.resolve(repoRoot, 'test-artifacts');

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** runs `atrium <args>` (server/cli.ts) against this server's database; throws on a non-zero exit */
  cli(...args: string[]): string;
  /** the last SMS code sent to the phone (outbox file) */
  lastCode(phone: string): string;
  stop(): Promise<void>;
}

/** Starts the server (the built app must exist: `vite build`) on a fresh data folder. */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(repoRoot, 'dist/app/index.html'))) throw new Error('dist/app is missing: run `npx vite build` (npm test does it)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', ATRIUM_DATA_DIR: dataDir,
    DATABASE_URL: path.join(dataDir, 'atrium.db'), LOG_LEVEL: 'warn', ...extraEnv,
  };
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: repoRoot, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`atrium ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
    return r.stdout + r.stderr;
  };
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout!.on('data', (d) => { log += d; });
    child.stderr!.on('data', (d) => { log += d; });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (r.ok) return;
      } catch { /* not yet */ }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server did not start: ${log}`);
  };
  await start();
  return {
    url: `http://127.0.0.1:${port}`, port, dataDir, env, cli,
    lastCode(phone) {
      const file = path.join(dataDir, 'outbox', 'sms.jsonl');
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { to: string; text: string });
      const m = lines.filter((l) => l.to === phone).at(-1)?.text.match(/\b(\d{6})\b/);
      if (!m) throw new Error(`no code for ${phone}`);
      return m[1];
    },
    async stop() {
      const c = child as ChildProcess | null;
      if (c && c.exitCode === null) {
        const exited = new Promise((r) => c.once('exit', r));
        c.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Launches Debian's Chromium headless; fails with the install command when it is missing. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    throw new Error(`Chromium is missing at ${executablePath}: apt-get install -y chromium (npm test installs it when run as root)`);
  }
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
  });
}

/**
 * Releases and passes every application that is not released yet (decision #138: new applications are
 * drafts, hidden from visitors), with the signed-in super manager's page. Tests of the visitor's site
 * call it after creating their application.
 */
export async function releaseAll(page: import('playwright-core').Page, url: string): Promise<void> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const list = await (await page.request.get(`${url}/api/v1/applications?size=200`)).json() as { content: Array<{ applicationId: number; status: string }> };
  for (const a of list.content) {
    if (a.status === 'draft') await page.request.put(`${url}/api/v1/applications/${a.applicationId}/release`, { headers: { 'x-xsrf-token': xsrf } });
    if (a.status !== 'released') {
      const r = await page.request.put(`${url}/api/v1/applications/${a.applicationId}/pass`, { headers: { 'x-xsrf-token': xsrf } });
      if (!r.ok()) throw new Error(`pass ${a.applicationId}: ${r.status()} ${await r.text()}`);
    }
  }
}
