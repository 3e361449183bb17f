/**
 * Test harness for API tests: a fresh database per call (SQLite in memory, or a new PostgreSQL
 * database made from TEST_DATABASE_URL when ATRIUM_TEST_DB=postgres), the server built on it, an
 * outbox file of its own, and an HTTP client with a cookie jar that echoes the XSRF token.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Db } from '../db/index.js';
import { loadConfig, type Config } from '../config.js';
import { buildServer } from '../app.js';
import { OutboxSmsProvider } from '../notify/sms.js';
import type { Dialect } from '../db/migrations/index.js';
import { SIGNING_KEY_PATH, UNSIGNED_PAYLOAD, signRequest } from '../../common/requestSigning.js';
import { multipartBody, type FormPart } from './files.js';
import { SESSION_COOKIE, sha256 } from '../http/session.js';

export { UNSIGNED_PAYLOAD };

export const testDialect: Dialect = process.env.ATRIUM_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh, migrated database; `drop` removes it (PostgreSQL) or closes it (SQLite). */
export async function freshDatabase(): Promise<{ url: string; db: Db; dialect: Dialect; drop(): Promise<void> }> {
  if (testDialect === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) throw new Error('ATRIUM_TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
    const name = `atrium_t_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    const url = u.toString();
    const opened = await openDatabase(url);
    return {
      url,
      db: opened.db,
      dialect: 'postgres',
      async drop() {
        await opened.close();
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        try {
          // the pool's connections may still be closing on the server: wait for them rather than cut them
          // (a connection cut while it ends errs in the test process); FORCE only for one still open after 5 s
          for (let i = 0; ; i++) {
            try {
              await c.query(`DROP DATABASE IF EXISTS ${name}${i >= 50 ? ' WITH (FORCE)' : ''}`);
              break;
            } catch (err) {
              if ((err as { code?: string }).code !== '55006' || i >= 50) throw err; // 55006: being accessed by other users
              await new Promise((r) => setTimeout(r, 100));
            }
          }
        } finally {
          await c.end();
        }
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-db-'));
  const url = path.join(dir, 'test.db');
  const opened = await openDatabase(url);
  return {
    url,
    db: opened.db,
    dialect: 'sqlite',
    async drop() {
      await opened.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  text: string;
}

/** Options of {@link Client.request}. */
export interface RequestOpts {
  /** false: no XSRF header (and no cookie fetched first) */
  xsrf?: boolean;
  /** the body as sent, instead of JSON of `body` (bytes for a multipart form) */
  raw?: string | Buffer;
  contentType?: string;
  host?: string;
  /** sign the request like the browser (default: unsafe methods); false sends none of the signing headers */
  sign?: boolean;
  /** headers added last (to replay or tamper with a signed request) */
  headers?: Record<string, string>;
}

/** An HTTP client over `inject` with its own cookie jar, like one browser: XSRF header and signed requests. */
export class Client {
  cookies = new Map<string, string>();
  /** the signing key of the current XSRF token (spec 2 §7 'Request wrapper') */
  private signing: { xsrf: string; key: string } | null = null;
  /** the signing headers of the last signed request */
  lastSigned: Record<string, string> | null = null;
  constructor(
    private app: FastifyInstance,
    private ip = '127.0.0.1',
  ) {}

  /** The browser's signing key, asked of GET /api/v1/session/signing-key once per XSRF token. */
  async signingKey(): Promise<string> {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (!xsrf || this.signing?.xsrf !== xsrf) {
      const r = await this.request<{ key: string | null }>('GET', SIGNING_KEY_PATH, undefined, { xsrf: false, sign: false });
      if (!r.body?.key) throw new Error(`no signing key: ${r.status} ${r.text}`);
      this.signing = { xsrf: this.cookies.get('XSRF-TOKEN')!, key: r.body.key };
    }
    return this.signing.key;
  }

  /** The four signing headers over `payload` (the exact body string, undefined for none, or UNSIGNED_PAYLOAD). */
  private async signingHeaders(method: string, url: string, payload: string | undefined): Promise<Record<string, string>> {
    const signed = signRequest({ keyHex: await this.signingKey(), method, url, body: payload, now: Date.now() });
    this.lastSigned = signed;
    return signed;
  }

  /**
   * The headers a browser sends with an unsafe call: cookies, the XSRF header and the signature over
   * `payload` (the exact body string, undefined for none, or UNSIGNED_PAYLOAD for multipart).
   */
  async browserHeaders(method: string, url: string, payload: string | undefined): Promise<Record<string, string>> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/healthz', undefined, { xsrf: false });
    const signed = await this.signingHeaders(method, url, payload);
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': this.cookies.get('XSRF-TOKEN')!, ...signed };
  }

  async request<T = any>(method: string, url: string, body?: unknown, opts: RequestOpts = {}): Promise<TestResponse<T>> {
    if (!this.cookies.has('XSRF-TOKEN') && opts.xsrf !== false) await this.request('GET', '/healthz', undefined, { xsrf: false });
    const headers: Record<string, string> = {};
    let payload: string | Buffer | undefined;
    if (opts.raw !== undefined) {
      payload = opts.raw;
      headers['content-type'] = opts.contentType ?? 'application/json';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const sign = opts.sign ?? !['GET', 'HEAD', 'OPTIONS'].includes(method);
    const multipart = (headers['content-type'] ?? '').startsWith('multipart/');
    if (sign && this.cookies.has('XSRF-TOKEN'))
      Object.assign(headers, await this.signingHeaders(method, url, multipart || Buffer.isBuffer(payload) ? UNSIGNED_PAYLOAD : payload));
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (opts.xsrf !== false && this.cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    if (opts.host) headers.host = opts.host;
    Object.assign(headers, opts.headers);
    const res = await this.app.inject({ method: method as 'GET', url, headers, payload, remoteAddress: this.ip });
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && new Date(c.expires).getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    let parsed: unknown;
    try {
      parsed = res.json();
    } catch {
      parsed = undefined;
    }
    return { status: res.statusCode, body: parsed as T, headers: res.headers, text: res.body };
  }
  get<T = any>(url: string, opts?: RequestOpts) {
    return this.request<T>('GET', url, undefined, opts);
  }
  post<T = any>(url: string, body?: unknown) {
    return this.request<T>('POST', url, body);
  }
  put<T = any>(url: string, body?: unknown) {
    return this.request<T>('PUT', url, body);
  }
  del<T = any>(url: string, body?: unknown) {
    return this.request<T>('DELETE', url, body);
  }
  /** POSTs a multipart form like the browser's uploads (XSRF header, signed UNSIGNED-PAYLOAD). */
  multipart<T = any>(url: string, parts: FormPart[]) {
    const { body, contentType } = multipartBody(parts);
    return this.request<T>('POST', url, undefined, { raw: body, contentType });
  }
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  outbox: string;
  /** a new client (a new browser) */
  client(ip?: string): Client;
  /** last code sent by SMS to the phone, read from the outbox file */
  lastCode(phone: string): string;
  /** a client signed in as the phone; role 'super' makes the user a super manager first */
  signIn(phone: string, role?: 'super' | 'user', ip?: string): Promise<Client>;
  close(): Promise<void>;
}

let ipCounter = 1;

/** Builds a server on a fresh database for one test file. */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await freshDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-test-'));
  const outbox = path.join(dir, 'sms.jsonl');
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { dataDir: dir, databaseUrl: database.url, secret: 'test-secret', smsOutbox: outbox, webDir: path.join(dir, 'no-web'), ...overrides },
  );
  const app = await buildServer({ db: database.db, dialect: database.dialect, config, sms: new OutboxSmsProvider(outbox) }, { logger: false, web: false });
  await app.ready();
  const ctx: TestContext = {
    app,
    db: database.db,
    config,
    outbox,
    client: (ip) => new Client(app, ip ?? `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`),
    lastCode(phone) {
      const lines = fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean) : [];
      const mine = lines.map((l) => JSON.parse(l) as { to: string; text: string }).filter((m) => m.to === phone);
      const m = mine.at(-1)?.text.match(/\b(\d{6})\b/);
      if (!m) throw new Error(`no code sent to ${phone}`);
      return m[1];
    },
    async signIn(phone, role = 'user', ip) {
      if (role === 'super') {
        const existing = await database.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
        if (existing) await database.db.updateTable('users').set({ role: 'super' }).where('id', '=', existing.id).execute();
        else
          await database.db
            .insertInto('users')
            .values({
              phone,
              email: null,
              name: `管理员${phone.slice(-4)}`,
              affiliation: '',
              role: 'super',
              anonymous: 0,
              created_at: new Date().toISOString(),
            })
            .execute();
      }
      const c = ctx.client(ip);
      const sent = await c.put('/api/v3/oauth/digits', { country_code: '86', mobile_number: phone });
      if (sent.status !== 200) throw new Error(`code request failed: ${sent.status} ${sent.text}`);
      const res = await c.post('/api/v3/oauth/digits', { country_code: '86', mobile_number: phone, sms_code: ctx.lastCode(phone) });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
      return c;
    },
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return ctx;
}

/**
 * Releases and passes an application as `admin` (a super manager), so that visitors may read it: a
 * draft's content is its managers' only (decision 139). Throws unless both succeed.
 */
export async function releaseApplication(admin: Client, applicationId: number): Promise<void> {
  for (const step of ['release', 'pass']) {
    const r = await admin.put(`/api/v1/applications/${applicationId}/${step}`);
    if (r.status !== 200) throw new Error(`${step} ${applicationId}: ${r.status} ${r.text}`);
  }
}

/**
 * A client signed in as user `userId` with a session made directly in the database (an hour), without
 * the SMS round trip: for tests that need many personas (the role and visibility matrices).
 */
export async function clientAs(ctx: TestContext, userId: number): Promise<Client> {
  const c = ctx.client();
  const token = crypto.randomBytes(24).toString('base64url');
  const t = new Date();
  await ctx.db
    .insertInto('sessions')
    .values({ token_hash: sha256(token), user_id: userId, created_at: t.toISOString(), expires_at: new Date(t.getTime() + 3_600_000).toISOString() })
    .execute();
  c.cookies.set(SESSION_COOKIE, token);
  return c;
}

/**
 * Inserts an application row directly (no API, no audit entry): `status` draft by default, an empty
 * home page and chrome. For tests that need sites in a given state quickly; returns its id.
 */
export async function insertApplication(
  db: Db,
  app: { name: string; host: string; topicId?: number | null; status?: 'draft' | 'submitted' | 'released' },
): Promise<number> {
  const t = new Date().toISOString();
  const row = await db
    .insertInto('applications')
    .values({
      name: app.name,
      host: app.host,
      topic_id: app.topicId ?? null,
      logo: null,
      status: app.status ?? 'draft',
      home_config: '[]',
      header_config: '{}',
      footer_config: '{}',
      theme_config: '{}',
      created_by: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
