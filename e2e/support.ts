/**
 * End-to-end support: a real Atrium server on a free port with a fresh data folder (SQLite), the CLI
 * run against the same database, and Debian's Chromium through playwright-core.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { SIGNING_KEY_PATH, signRequest } from '../common/requestSigning';

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
  const list = await (await page.request.get(`${url}/api/v1/applications?size=200`)).json() as { content: Array<{ applicationId: number; status: string }> };
  for (const a of list.content) {
    if (a.status === 'draft') await apiCall(page, url, 'PUT', `/api/v1/applications/${a.applicationId}/release`);
    if (a.status !== 'released') {
      const r = await apiCall(page, url, 'PUT', `/api/v1/applications/${a.applicationId}/pass`);
      if (r.status !== 200) throw new Error(`pass ${a.applicationId}: ${r.status} ${r.text}`);
    }
  }
}

/** Signing keys by origin and XSRF token (what GET /api/v1/session/signing-key answered). */
const signingKeys = new Map<string, string>();

/** The answer of {@link apiCall}: HTTP status and parsed JSON body (undefined when not JSON). */
export interface ApiAnswer<T = any> { status: number; body: T; text: string }

/**
 * A JSON call to the API with the page's cookies (its browser context), the XSRF header and the
 * request signature of spec 2 §7 'Request wrapper', like the app's own client. Use it for every direct
 * API call in e2e tests. `path` starts with `/` (joined to `base`, the server's origin) or is absolute.
 */
export async function apiCall<T = any>(page: Page | BrowserContext, base: string, method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const ctx = 'newPage' in page ? page : page.context();
  const full = new URL(/^https?:/.test(path) ? path : `${base}${path}`);
  let xsrf = (await ctx.cookies(full.origin)).find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) {
    await ctx.request.get(`${full.origin}/api/v1/session`);
    xsrf = (await ctx.cookies(full.origin)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  }
  xsrf = decodeURIComponent(xsrf);
  let key = signingKeys.get(`${full.origin} ${xsrf}`);
  if (!key) {
    const k = await (await ctx.request.get(`${full.origin}${SIGNING_KEY_PATH}`)).json() as { key: string };
    key = k.key;
    signingKeys.set(`${full.origin} ${xsrf}`, key);
  }
  const data = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = {
    'x-xsrf-token': xsrf, ...signRequest({ keyHex: key, method, url: full.pathname + full.search, body: data, now: Date.now() }),
  };
  if (data !== undefined) headers['content-type'] = 'application/json';
  const r = await ctx.request.fetch(full.toString(), { method, headers, data });
  const text = await r.text();
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch { parsed = undefined; }
  return { status: r.status(), body: parsed as T, text };
}

/**
 * Signs the page's browser context in as `phone` through the console's sign-in page (SMS code from the
 * outbox): opens `opts.url` (default the sign-in page of server.url), waits to be sent to the sign-in
 * page (`opts.login`, default any /console/login), fills the form and waits for `opts.then` (default
 * the applications list).
 */
export async function signInConsole(page: Page, server: RunningServer, phone: string, opts: { url?: string; login?: RegExp; then?: RegExp } = {}): Promise<void> {
  await page.goto(opts.url ?? `${server.url}/console/login`);
  await page.waitForURL(opts.login ?? /\/console\/login/);
  await page.getByPlaceholder('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText('验证码已发送').waitFor();
  await page.getByPlaceholder('6 位短信验证码').fill(server.lastCode(phone));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(opts.then ?? /\/console\/applications/);
}

/** Signs the page's browser context (or the context) in as `phone` through the SMS-code calls (no page shown). */
export async function signInByApi(page: Page | BrowserContext, server: RunningServer, phone: string, base = server.url): Promise<void> {
  const sent = await apiCall(page, base, 'PUT', '/api/v3/oauth/digits', { country_code: '86', mobile_number: phone });
  if (sent.status !== 200) throw new Error(`code request failed: ${sent.status} ${sent.text}`);
  const r = await apiCall(page, base, 'POST', '/api/v3/oauth/digits', { country_code: '86', mobile_number: phone, sms_code: server.lastCode(phone) });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${r.text}`);
}

/** Creates an application as the page's (super manager) user; returns its id, throws unless 201. */
export async function createApplication(page: Page | BrowserContext, base: string, body: { name: string; host: string; topicId?: number }): Promise<number> {
  const r = await apiCall<{ applicationId: number }>(page, base, 'POST', '/api/v1/applications', body);
  if (r.status !== 201) throw new Error(`create application failed: ${r.status} ${r.text}`);
  return r.body.applicationId;
}

/** The id of a topic by its title (GET /api/v1/topics). */
export async function topicId(page: import('playwright-core').Page, base: string, title: string): Promise<number> {
  const topics = await (await page.request.get(`${base}/api/v1/topics`)).json() as Array<{ id: number; title: string }>;
  const t = topics.find((x) => x.title === title);
  if (!t) throw new Error(`no topic ${title}`);
  return t.id;
}
