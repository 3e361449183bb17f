/**
 * Configuration from the environment (README 'Configuration'). Secrets come only from the environment;
 * in development a random secret is generated once and kept in the data folder (mode 0600).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
  /** search worker threads on a SQLite file (ATRIUM_SEARCH_WORKERS, 1-16, default cores - 1; server/search/readPool.ts) */
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
 * ATRIUM_SEARCH_WORKERS as a whole number 1-16; by default one core fewer than the machine has (at
 * least 1, at most 4), so the event loop keeps a core while searches run. Throws on anything else.
 */
function searchWorkersOf(text: string | undefined): number {
  if (text === undefined || text === '') return Math.max(1, Math.min(4, os.availableParallelism() - 1));
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`ATRIUM_SEARCH_WORKERS 应为 1 到 16 的整数，而不是「${text}」`);
  return n;
}

/** Reads the configuration; throws with a clear message when production lacks a required setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(overrides.dataDir ?? env.ATRIUM_DATA_DIR ?? './data');
  const smsProvider = (overrides.smsProvider ?? env.ATRIUM_SMS_PROVIDER ?? 'outbox') as Config['smsProvider'];
  if (smsProvider !== 'outbox' && smsProvider !== 'http') throw new Error(`ATRIUM_SMS_PROVIDER 只能是 outbox 或 http，收到 ${smsProvider}`);
  if (production && smsProvider === 'outbox') {
    throw new Error('生产环境不能使用 outbox 短信通道：请设置 ATRIUM_SMS_PROVIDER=http 和 ATRIUM_SMS_GATEWAY_URL');
  }
  if (production && !env.ATRIUM_SECRET && !overrides.secret) throw new Error('生产环境必须设置 ATRIUM_SECRET');
  const smtpUrl = env.ATRIUM_SMTP_URL || (env.ATRIUM_SMTP_HOST
    ? `smtp${env.ATRIUM_SMTP_SECURE === '1' ? 's' : ''}://${env.ATRIUM_SMTP_USER ? `${encodeURIComponent(env.ATRIUM_SMTP_USER)}:${encodeURIComponent(env.ATRIUM_SMTP_PASS ?? '')}@` : ''}${env.ATRIUM_SMTP_HOST}:${env.ATRIUM_SMTP_PORT ?? 587}`
    : undefined);
  const mailProvider = (overrides.mailProvider ?? env.ATRIUM_MAIL_PROVIDER ?? (smtpUrl ? 'smtp' : production ? 'off' : 'outbox')) as Config['mailProvider'];
  if (!['outbox', 'smtp', 'off'].includes(mailProvider)) throw new Error(`ATRIUM_MAIL_PROVIDER 只能是 outbox、smtp 或 off，收到 ${mailProvider}`);
  if (production && mailProvider === 'outbox') throw new Error('生产环境不能使用 outbox 邮件通道：请设置 ATRIUM_SMTP_URL（或 ATRIUM_SMTP_HOST 等）');
  let loginInfoKey: Buffer | undefined;
  if (env.ATRIUM_LOGIN_INFO_KEY) {
    loginInfoKey = Buffer.from(env.ATRIUM_LOGIN_INFO_KEY, 'base64');
    if (loginInfoKey.length !== 32) throw new Error('ATRIUM_LOGIN_INFO_KEY 必须是 32 字节密钥的 base64 编码');
  }
  const cfg: Config = {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    production,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? path.join(dataDir, 'atrium.db'),
    secret: env.ATRIUM_SECRET ?? '',
    smsProvider,
    smsOutbox: path.resolve(env.ATRIUM_SMS_OUTBOX ?? path.join(dataDir, 'outbox', 'sms.jsonl')),
    smsGatewayUrl: env.ATRIUM_SMS_GATEWAY_URL,
    smsGatewayToken: env.ATRIUM_SMS_GATEWAY_TOKEN,
    sessionTtlMs: Number(env.ATRIUM_SESSION_DAYS ?? 7) * 864e5,
    secureCookies: production && env.ATRIUM_INSECURE_COOKIES !== '1',
    hsts: env.ATRIUM_HSTS === '1',
    themeHosts: (env.ATRIUM_THEME_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    webDir: path.resolve(env.ATRIUM_WEB_DIR ?? 'dist/app'),
    seedDemo: env.ATRIUM_SEED_DEMO !== '0',
    searchWorkers: searchWorkersOf(env.ATRIUM_SEARCH_WORKERS),
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'info'),
    filesDir: path.resolve(env.ATRIUM_FILES_DIR ?? path.join(dataDir, 'files')),
    s3: env.ATRIUM_S3_BUCKET ? {
      bucket: env.ATRIUM_S3_BUCKET,
      endpoint: env.ATRIUM_S3_ENDPOINT || undefined,
      region: env.ATRIUM_S3_REGION || 'us-east-1',
      accessKeyId: env.ATRIUM_S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.ATRIUM_S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: env.ATRIUM_S3_FORCE_PATH_STYLE !== '0',
    } : undefined,
    mailProvider,
    mailOutbox: path.resolve(env.ATRIUM_MAIL_OUTBOX ?? path.join(dataDir, 'outbox', 'mail.jsonl')),
    smtpUrl,
    mailFrom: env.ATRIUM_MAIL_FROM ?? 'Atrium <no-reply@localhost>',
    loginInfoKey,
    wechat: env.ATRIUM_WECHAT_APPID && env.ATRIUM_WECHAT_SECRET && env.ATRIUM_WECHAT_TOKEN ? {
      appId: env.ATRIUM_WECHAT_APPID, secret: env.ATRIUM_WECHAT_SECRET, token: env.ATRIUM_WECHAT_TOKEN,
      apiBase: (env.ATRIUM_WECHAT_API || 'https://api.weixin.qq.com').replace(/\/+$/, ''),
    } : undefined,
    ...overrides,
  };
  if (cfg.mailProvider === 'smtp' && !cfg.smtpUrl) throw new Error('ATRIUM_MAIL_PROVIDER=smtp 需要设置 ATRIUM_SMTP_URL 或 ATRIUM_SMTP_HOST');
  if (!cfg.secret) cfg.secret = devSecret(dataDir);
  if (cfg.smsProvider === 'http' && !cfg.smsGatewayUrl) throw new Error('ATRIUM_SMS_PROVIDER=http 需要设置 ATRIUM_SMS_GATEWAY_URL');
  return cfg;
}
