/**
 * Configuration from the environment (docs/operations.md 'Environment variables'). Every
 * variable the server reads is declared once, in {@link envSchema} (zod): its rule and its Chinese
 * message. Bad values do not start the server: {@link loadConfig} throws a {@link ConfigError} that
 * lists every problem at once, each naming its variable (`PORT 应为 1 到 65535 的整数，而不是「abc」`).
 * Secrets come only from the environment; in development a random secret is generated once and kept in
 * the data folder (mode 0600).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { AUDIT_RETENTION_DEFAULT_DAYS } from '../common/audit.js';
import { ANONYMOUS_PER_MINUTE } from '../common/publicApi.js';

export interface Config {
  port: number;
  host: string;
  production: boolean;
  /** folder for the SQLite file, uploads, outbox and the development secret */
  dataDir: string;
  databaseUrl: string;
  /** key for hashing verification codes (HMAC-SHA256) */
  secret: string;
  smsProvider: 'outbox' | 'http';
  smsOutbox: string;
  smsGatewayUrl?: string;
  smsGatewayToken?: string;
  /** life of a sign-in session, ms */
  sessionTtlMs: number;
  /** Secure flag on cookies (on in production unless ATRIUM_INSECURE_COOKIES=1) */
  secureCookies: boolean;
  /** Strict-Transport-Security on answers served over TLS (ATRIUM_HSTS=1; behind a proxy with ATRIUM_TRUST_PROXY=1) */
  hsts: boolean;
  /** hosts a site's own stylesheet (specificThemeUrl) may come from besides this site (ATRIUM_THEME_HOSTS, comma-separated) */
  themeHosts: string[];
  /** folder of the built browser app */
  webDir: string;
  /** create the demo application and catalogue on an empty database */
  seedDemo: boolean;
  /** searches at once (ATRIUM_SEARCH_WORKERS, 1-16, default cores - 1; server/search/readPool.ts): worker threads on a SQLite file, searches running together on PostgreSQL */
  searchWorkers: number;
  logLevel: string;
  /** folder of uploaded files for the local disk storage (ATRIUM_FILES_DIR, default dataDir/files) */
  filesDir: string;
  /** S3-compatible storage of uploads; when set it replaces the local folder (server/files/storage.ts) */
  s3?: S3Config;
  /** e-mail codes (server/notify/mail.ts): 'outbox' (development), 'smtp', or 'off' (production without SMTP) */
  mailProvider: 'outbox' | 'smtp' | 'off';
  /** outbox file of the e-mail provider (ATRIUM_MAIL_OUTBOX, default dataDir/outbox/mail.jsonl) */
  mailOutbox: string;
  /** SMTP server: ATRIUM_SMTP_URL, or built from ATRIUM_SMTP_HOST/PORT/USER/PASS (never logged) */
  smtpUrl?: string;
  /** sender address of the code mails (ATRIUM_MAIL_FROM) */
  mailFrom: string;
  /** AES-256-GCM key of the login-info query parameter (ATRIUM_LOGIN_INFO_KEY, 32 bytes base64); absent: feature off */
  loginInfoKey?: Buffer;
  /**
   * The WeChat official account (公众号) that binds accounts by its parametric QR codes (server/routes/
   * account/wechat.ts; decision 229): ATRIUM_WECHAT_APPID, ATRIUM_WECHAT_SECRET, ATRIUM_WECHAT_TOKEN (the
   * token of its message server settings), ATRIUM_WECHAT_API (default https://api.weixin.qq.com). Absent:
   * the development provider outside production, none in production.
   */
  wechat?: WechatConfig;
  /** client addresses and protocol from X-Forwarded-* (ATRIUM_TRUST_PROXY=1, behind nginx) */
  trustProxy?: boolean;
  /** re-read dist/app/index.html on every page (ATRIUM_RELOAD_INDEX=1, `npm run dev`; never in production) */
  reloadIndex?: boolean;
  /**
   * requests a minute one client address may make to /api/** and /toolsApi/** (ATRIUM_RATE_LIMIT_PER_MINUTE;
   * default 3000, 0 = no limit; 0 by default under NODE_ENV=test; server/http/apiRateLimit.ts, decision 278)
   */
  rateLimitPerMinute?: number;
  /**
   * calls a minute one client address may make to the public read API without a key
   * (ATRIUM_OPEN_API_PER_MINUTE; default 30, 0 = no limit; 0 by default under NODE_ENV=test; server/publicApi/gate.ts, decision 633)
   */
  openApiAnonymousPerMinute?: number;
  /**
   * whether the monitors may read sources on loopback, private and link-local addresses
   * (ATRIUM_MONITOR_PRIVATE_HOSTS; off by default, on by default under NODE_ENV=test, whose sources are
   * local servers; server/monitors/fetch.ts, decision 677)
   */
  monitorPrivateHosts?: boolean;
  /**
   * how long the literature analysis answers within before it goes on in the background and answers
   * 'pending', ms (default 2000; server/routes/search, decision 710). No variable: tests set it
   */
  literatureBudgetMs?: number;
  /** Redis shared by the processes for the global rate limit (REDIS_URL); absent: each process counts in memory */
  redisUrl?: string;
  /** serve /metrics in Prometheus format (ATRIUM_METRICS=1; server/metrics/index.ts, decision 279) */
  metrics?: boolean;
  /** bearer token that opens /metrics from any address (ATRIUM_METRICS_TOKEN); without it only loopback */
  metricsToken?: string;
  /** how often expired rows are purged, ms (ATRIUM_PURGE_INTERVAL_MINUTES, default 60; 0 = never; server/maintenance/purge.ts) */
  purgeIntervalMs?: number;
  /** days an audit log entry is kept (ATRIUM_AUDIT_RETENTION_DAYS, default 365; 0 = forever; decision 316) */
  auditRetentionDays?: number;
  /** readable coloured logs through pino-pretty (development only, unless ATRIUM_LOG_PRETTY=0; decision 280) */
  logPretty?: boolean;
}

/** A WeChat official account's credentials (never logged). */
export interface WechatConfig {
  appId: string;
  secret: string;
  token: string;
  apiBase: string;
}

/** An S3-compatible bucket for uploads (ATRIUM_S3_*). Credentials come only from the environment. */
export interface S3Config {
  bucket: string;
  /** e.g. https://oss-cn-beijing.aliyuncs.com or http://127.0.0.1:9000 (MinIO); empty for AWS itself */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** path-style addresses (bucket in the path), needed by MinIO and most self-hosted servers */
  forcePathStyle: boolean;
}

/**
 * A configuration that cannot start the server: `problems` lists every one, each a Chinese sentence
 * naming its variable; `message` is them one a line.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

// ---- the rules of one variable; a message here leaves out the name, which the report puts in front ----

/** The raw value, with an empty or blank value counting as unset. */
const raw = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));
const quote = (v: string) => `「${v.length > 80 ? `${v.slice(0, 80)}…` : v}」`;

/** A whole number in [min, max], or undefined when unset. */
const int = (min: number, max: number) =>
  raw.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const n = /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
    ctx.addIssue({ code: 'custom', message: `应为 ${min} 到 ${max} 的整数，而不是${quote(v)}` });
    return z.NEVER;
  });

/** A switch: '1' on, '0' off, unset undefined (anything else is refused rather than read as off). */
const flag = raw.transform((v, ctx) => {
  if (v === undefined) return undefined;
  if (v.trim() === '1' || v.trim() === '0') return v.trim() === '1';
  ctx.addIssue({ code: 'custom', message: `应为 1（开启）或 0（关闭），而不是${quote(v)}` });
  return z.NEVER;
});

/** One of the given words. */
const oneOf = <const T extends readonly string[]>(values: T) =>
  raw.transform((v, ctx) => {
    if (v === undefined) return undefined;
    if ((values as readonly string[]).includes(v.trim())) return v.trim() as T[number]; // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion -- the rule misreads the generic: without it the result widens to string
    ctx.addIssue({ code: 'custom', message: `只能是 ${values.join('、')} 之一，而不是${quote(v)}` });
    return z.NEVER;
  });

/** An absolute URL whose scheme is one of `schemes` (e.g. ['http:', 'https:']). */
const url = (schemes: string[]) =>
  raw.transform((v, ctx) => {
    if (v === undefined) return undefined;
    let ok: boolean;
    try {
      ok = schemes.includes(new URL(v.trim()).protocol);
    } catch {
      ok = false;
    }
    if (ok) return v.trim();
    ctx.addIssue({ code: 'custom', message: `应为 ${schemes.map((s) => `${s}//`).join(' 或 ')} 开头的网址，而不是${quote(v)}` });
    return z.NEVER;
  });

/** A comma-separated list, trimmed and lower-cased, empty entries dropped. */
const hostList = raw.transform((v) =>
  (v ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean),
);

/** A life in days: a number above 0, at most ten years. */
const days = raw.transform((v, ctx) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (Number.isFinite(n) && n > 0 && n <= 3650) return n;
  ctx.addIssue({ code: 'custom', message: `应为大于 0、不超过 3650 的天数，而不是${quote(v)}` });
  return z.NEVER;
});

/** A 32-byte key in base64. */
const key32 = raw.transform((v, ctx) => {
  if (v === undefined) return undefined;
  const b = Buffer.from(v.trim(), 'base64');
  if (b.length === 32) return b;
  ctx.addIssue({ code: 'custom', message: '必须是 32 字节密钥的 base64 编码（例如 openssl rand -base64 32 生成）' });
  return z.NEVER;
});

/** A secret: at least `min` characters. */
const secret = (min: number) =>
  raw.transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v.length >= min) return v;
    ctx.addIssue({ code: 'custom', message: `至少要有 ${min} 个字符（例如 openssl rand -hex 32 生成）` });
    return z.NEVER;
  });

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every environment variable the server reads, with its rule. docs/operations.md lists
 * the same names (server/config.test.ts checks it). Defaults that depend on other variables (the data
 * folder, production) are applied by {@link loadConfig}.
 */
export const envSchema = z.object({
  NODE_ENV: raw,
  PORT: int(1, 65535),
  HOST: raw,
  DATABASE_URL: raw,
  ATRIUM_DATA_DIR: raw,
  ATRIUM_SECRET: raw,
  ATRIUM_SMS_PROVIDER: oneOf(['outbox', 'http'] as const),
  ATRIUM_SMS_OUTBOX: raw,
  ATRIUM_SMS_GATEWAY_URL: url(['http:', 'https:']),
  ATRIUM_SMS_GATEWAY_TOKEN: raw,
  ATRIUM_SESSION_DAYS: days,
  ATRIUM_INSECURE_COOKIES: flag,
  ATRIUM_HSTS: flag,
  ATRIUM_TRUST_PROXY: flag,
  ATRIUM_THEME_HOSTS: hostList,
  ATRIUM_TOPIC_LINK_HOSTS: hostList, // read by server/routes/userLinks/service.ts; checked here
  ATRIUM_WEB_DIR: raw,
  ATRIUM_RELOAD_INDEX: flag,
  ATRIUM_SEED_DEMO: flag,
  ATRIUM_SEARCH_WORKERS: int(1, 16),
  LOG_LEVEL: oneOf(LOG_LEVELS),
  ATRIUM_LOG_PRETTY: flag,
  ATRIUM_FILES_DIR: raw,
  ATRIUM_S3_BUCKET: raw,
  ATRIUM_S3_ENDPOINT: url(['http:', 'https:']),
  ATRIUM_S3_REGION: raw,
  ATRIUM_S3_ACCESS_KEY_ID: raw,
  ATRIUM_S3_SECRET_ACCESS_KEY: raw,
  ATRIUM_S3_FORCE_PATH_STYLE: flag,
  ATRIUM_MAIL_PROVIDER: oneOf(['outbox', 'smtp', 'off'] as const),
  ATRIUM_MAIL_OUTBOX: raw,
  ATRIUM_SMTP_URL: url(['smtp:', 'smtps:']),
  ATRIUM_SMTP_HOST: raw,
  ATRIUM_SMTP_PORT: int(1, 65535),
  ATRIUM_SMTP_USER: raw,
  ATRIUM_SMTP_PASS: raw,
  ATRIUM_SMTP_SECURE: flag,
  ATRIUM_MAIL_FROM: raw,
  ATRIUM_LOGIN_INFO_KEY: key32,
  ATRIUM_WECHAT_APPID: raw,
  ATRIUM_WECHAT_SECRET: raw,
  ATRIUM_WECHAT_TOKEN: raw,
  ATRIUM_WECHAT_API: url(['http:', 'https:']),
  ATRIUM_RATE_LIMIT_PER_MINUTE: int(0, 1_000_000),
  ATRIUM_OPEN_API_PER_MINUTE: int(0, 1_000_000),
  ATRIUM_MONITOR_PRIVATE_HOSTS: flag,
  REDIS_URL: url(['redis:', 'rediss:']),
  ATRIUM_METRICS: flag,
  ATRIUM_METRICS_TOKEN: secret(16),
  ATRIUM_PURGE_INTERVAL_MINUTES: int(0, 7 * 24 * 60),
  ATRIUM_AUDIT_RETENTION_DAYS: int(0, 36_500),
});

/** The environment variables of {@link envSchema}, in its order. */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as Array<keyof typeof envSchema.shape>;

function devSecret(dataDir: string): string {
  const file = path.join(dataDir, '.secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const s = crypto.randomBytes(32).toString('hex');
    fs.writeFileSync(file, s, { mode: 0o600 });
    return s;
  }
}

/**
 * By default one core fewer than the machine has (at least 1, at most 4), so the event loop keeps a core
 * while searches run (decision 262).
 */
const defaultSearchWorkers = () => Math.max(1, Math.min(4, os.availableParallelism() - 1));

/**
 * Reads the configuration from `env` (default process.env); `overrides` replace what the environment
 * gives (tests, the benchmark). Throws a {@link ConfigError} listing every problem when a variable is
 * malformed or production lacks a required setting (ATRIUM_SECRET, a real SMS and mail channel). In
 * development without ATRIUM_SECRET, creates `<dataDir>/.secret` once.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // each variable on its own, so that one bad value does not hide the others' problems
  const problems: string[] = [];
  const data: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(envSchema.shape)) {
    const r = (schema as z.ZodType).safeParse(env[name]);
    if (r.success) data[name] = r.data;
    else for (const issue of r.error.issues) problems.push(issue.code === 'custom' ? `${name} ${issue.message}` : `${name} 的值不正确（${issue.message}）`);
  }
  const e = data as z.output<typeof envSchema>;
  const production = e.NODE_ENV === 'production';
  const test = e.NODE_ENV === 'test';
  const dataDir = path.resolve(overrides.dataDir ?? e.ATRIUM_DATA_DIR ?? './data');
  const smtpUrl =
    e.ATRIUM_SMTP_URL ||
    (e.ATRIUM_SMTP_HOST
      ? `smtp${e.ATRIUM_SMTP_SECURE ? 's' : ''}://${e.ATRIUM_SMTP_USER ? `${encodeURIComponent(e.ATRIUM_SMTP_USER)}:${encodeURIComponent(e.ATRIUM_SMTP_PASS ?? '')}@` : ''}${e.ATRIUM_SMTP_HOST}:${e.ATRIUM_SMTP_PORT ?? 587}`
      : undefined);
  const cfg: Config = {
    port: e.PORT ?? 3000,
    host: e.HOST ?? '0.0.0.0',
    production,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? path.join(dataDir, 'atrium.db'),
    secret: e.ATRIUM_SECRET ?? '',
    smsProvider: e.ATRIUM_SMS_PROVIDER ?? 'outbox',
    smsOutbox: path.resolve(e.ATRIUM_SMS_OUTBOX ?? path.join(dataDir, 'outbox', 'sms.jsonl')),
    smsGatewayUrl: e.ATRIUM_SMS_GATEWAY_URL,
    smsGatewayToken: e.ATRIUM_SMS_GATEWAY_TOKEN,
    sessionTtlMs: (e.ATRIUM_SESSION_DAYS ?? 7) * 864e5,
    secureCookies: production && e.ATRIUM_INSECURE_COOKIES !== true,
    hsts: e.ATRIUM_HSTS === true,
    themeHosts: e.ATRIUM_THEME_HOSTS,
    webDir: path.resolve(e.ATRIUM_WEB_DIR ?? 'dist/app'),
    seedDemo: e.ATRIUM_SEED_DEMO !== false,
    searchWorkers: e.ATRIUM_SEARCH_WORKERS ?? defaultSearchWorkers(),
    logLevel: e.LOG_LEVEL ?? 'info',
    filesDir: path.resolve(e.ATRIUM_FILES_DIR ?? path.join(dataDir, 'files')),
    s3: e.ATRIUM_S3_BUCKET
      ? {
          bucket: e.ATRIUM_S3_BUCKET,
          endpoint: e.ATRIUM_S3_ENDPOINT,
          region: e.ATRIUM_S3_REGION ?? 'us-east-1',
          accessKeyId: e.ATRIUM_S3_ACCESS_KEY_ID,
          secretAccessKey: e.ATRIUM_S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.ATRIUM_S3_FORCE_PATH_STYLE !== false,
        }
      : undefined,
    mailProvider: e.ATRIUM_MAIL_PROVIDER ?? (smtpUrl ? 'smtp' : production ? 'off' : 'outbox'),
    mailOutbox: path.resolve(e.ATRIUM_MAIL_OUTBOX ?? path.join(dataDir, 'outbox', 'mail.jsonl')),
    smtpUrl,
    mailFrom: e.ATRIUM_MAIL_FROM ?? 'Atrium <no-reply@localhost>',
    loginInfoKey: e.ATRIUM_LOGIN_INFO_KEY,
    wechat:
      e.ATRIUM_WECHAT_APPID && e.ATRIUM_WECHAT_SECRET && e.ATRIUM_WECHAT_TOKEN
        ? {
            appId: e.ATRIUM_WECHAT_APPID,
            secret: e.ATRIUM_WECHAT_SECRET,
            token: e.ATRIUM_WECHAT_TOKEN,
            apiBase: (e.ATRIUM_WECHAT_API ?? 'https://api.weixin.qq.com').replace(/\/+$/, ''),
          }
        : undefined,
    trustProxy: e.ATRIUM_TRUST_PROXY === true,
    reloadIndex: !production && e.ATRIUM_RELOAD_INDEX === true,
    rateLimitPerMinute: e.ATRIUM_RATE_LIMIT_PER_MINUTE ?? (test ? 0 : 3000),
    openApiAnonymousPerMinute: e.ATRIUM_OPEN_API_PER_MINUTE ?? (test ? 0 : ANONYMOUS_PER_MINUTE),
    monitorPrivateHosts: e.ATRIUM_MONITOR_PRIVATE_HOSTS ?? test,
    redisUrl: e.REDIS_URL,
    metrics: e.ATRIUM_METRICS === true,
    metricsToken: e.ATRIUM_METRICS_TOKEN,
    purgeIntervalMs: (e.ATRIUM_PURGE_INTERVAL_MINUTES ?? 60) * 60_000,
    auditRetentionDays: e.ATRIUM_AUDIT_RETENTION_DAYS ?? AUDIT_RETENTION_DEFAULT_DAYS,
    logPretty: !production && !test && e.ATRIUM_LOG_PRETTY !== false,
    ...overrides,
  };
  // rules across variables, checked on what will run (an override counts like the variable)
  if (production && !cfg.secret) problems.push('生产环境必须设置 ATRIUM_SECRET（一个长随机串，例如用 openssl rand -hex 32 生成）');
  if (production && cfg.smsProvider === 'outbox') problems.push('生产环境不能使用 outbox 短信通道：请设置 ATRIUM_SMS_PROVIDER=http 和 ATRIUM_SMS_GATEWAY_URL');
  if (cfg.smsProvider === 'http' && !cfg.smsGatewayUrl) problems.push('ATRIUM_SMS_PROVIDER=http 需要设置 ATRIUM_SMS_GATEWAY_URL');
  if (production && cfg.mailProvider === 'outbox') problems.push('生产环境不能使用 outbox 邮件通道：请设置 ATRIUM_SMTP_URL（或 ATRIUM_SMTP_HOST 等）');
  if (cfg.mailProvider === 'smtp' && !cfg.smtpUrl) problems.push('ATRIUM_MAIL_PROVIDER=smtp 需要设置 ATRIUM_SMTP_URL 或 ATRIUM_SMTP_HOST');
  if (problems.length) throw new ConfigError(problems);
  if (!cfg.secret) cfg.secret = devSecret(dataDir);
  return cfg;
}
