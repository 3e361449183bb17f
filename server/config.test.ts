/**
 * Configuration by a zod schema of the environment: defaults, a bad PORT, a missing
 * production secret, every problem listed at once, and the start stopping with the message and no stack.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-config-'));
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The problems loadConfig reports for `env` (fails the test when it does not throw a ConfigError). */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env, { dataDir });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('loadConfig accepted the environment');
}

const PROD = { NODE_ENV: 'production', ATRIUM_SECRET: 's'.repeat(64), ATRIUM_SMS_PROVIDER: 'http', ATRIUM_SMS_GATEWAY_URL: 'https://sms.example.cn/send' };

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const c = loadConfig({}, { dataDir });
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      production: false,
      databaseUrl: path.join(dataDir, 'atrium.db'),
      smsProvider: 'outbox',
      sessionTtlMs: 7 * 864e5,
      secureCookies: false,
      hsts: false,
      themeHosts: [],
      seedDemo: true,
      logLevel: 'info',
      mailProvider: 'outbox',
      mailFrom: 'Atrium <no-reply@localhost>',
      trustProxy: false,
      reloadIndex: false,
      rateLimitPerMinute: 3000,
      metrics: false,
      purgeIntervalMs: 60 * 60_000,
      logPretty: true,
    });
    expect(c.filesDir).toBe(path.join(dataDir, 'files'));
    expect(c.webDir).toBe(path.resolve('dist/app'));
    expect(c.searchWorkers).toBeGreaterThanOrEqual(1);
    expect(c.searchWorkers).toBeLessThanOrEqual(4);
    // development: a secret made once and kept, readable by the owner only
    expect(c.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(path.join(dataDir, '.secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({}, { dataDir }).secret).toBe(c.secret);
    // tests: no global rate limit and JSON logs
    expect(loadConfig({ NODE_ENV: 'test' }, { dataDir })).toMatchObject({ rateLimitPerMinute: 0, logPretty: false });
    // production with what it needs: JSON logs, secure cookies, mail off without SMTP
    expect(loadConfig(PROD, { dataDir })).toMatchObject({
      production: true,
      secureCookies: true,
      logPretty: false,
      mailProvider: 'off',
      rateLimitPerMinute: 3000,
    });
  });

  it('reads the variables it is given', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        ATRIUM_SESSION_DAYS: '0.5',
        ATRIUM_HSTS: '1',
        ATRIUM_THEME_HOSTS: ' CDN.example.cn ,,x.cn',
        ATRIUM_SEARCH_WORKERS: '3',
        LOG_LEVEL: 'warn',
        ATRIUM_RATE_LIMIT_PER_MINUTE: '0',
        REDIS_URL: 'redis://127.0.0.1:6379/0',
        ATRIUM_METRICS: '1',
        ATRIUM_METRICS_TOKEN: 't'.repeat(20),
        ATRIUM_PURGE_INTERVAL_MINUTES: '15',
        ATRIUM_TRUST_PROXY: '1',
        ATRIUM_LOG_PRETTY: '0',
        ATRIUM_SMTP_HOST: 'mail.example.cn',
        ATRIUM_SMTP_PORT: '465',
        ATRIUM_SMTP_SECURE: '1',
      },
      { dataDir },
    );
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      sessionTtlMs: 0.5 * 864e5,
      hsts: true,
      themeHosts: ['cdn.example.cn', 'x.cn'],
      searchWorkers: 3,
      logLevel: 'warn',
      rateLimitPerMinute: 0,
      redisUrl: 'redis://127.0.0.1:6379/0',
      metrics: true,
      metricsToken: 't'.repeat(20),
      purgeIntervalMs: 15 * 60_000,
      trustProxy: true,
      logPretty: false,
      mailProvider: 'smtp',
      smtpUrl: 'smtps://mail.example.cn:465',
    });
    // an override replaces the environment (tests, the benchmark)
    expect(loadConfig({ PORT: '8080' }, { dataDir, port: 9 }).port).toBe(9);
  });

  it('names the variable and the bad value of a bad PORT', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT 应为 1 到 65535 的整数，而不是「abc」']);
    for (const bad of ['0', '65536', '3000.5', '-1', '80 80']) expect(problemsOf({ PORT: bad })[0]).toMatch(/^PORT 应为 1 到 65535 的整数/);
    expect(() => loadConfig({ PORT: 'abc' }, { dataDir })).toThrow('PORT 应为 1 到 65535 的整数，而不是「abc」');
  });

  it('stops production without ATRIUM_SECRET', () => {
    const { ATRIUM_SECRET: _, ...noSecret } = PROD;
    expect(problemsOf(noSecret)).toEqual([expect.stringMatching(/^生产环境必须设置 ATRIUM_SECRET/)]);
    // a secret given by the caller counts
    expect(loadConfig(noSecret, { dataDir, secret: 'x'.repeat(32) }).secret).toBe('x'.repeat(32));
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      PORT: 'abc',
      ATRIUM_SEARCH_WORKERS: '99',
      LOG_LEVEL: 'loud',
      ATRIUM_HSTS: 'yes',
      ATRIUM_SESSION_DAYS: '-3',
      ATRIUM_LOGIN_INFO_KEY: 'c2hvcnQ=',
      REDIS_URL: 'http://cache',
      ATRIUM_METRICS_TOKEN: 'short',
      ATRIUM_RATE_LIMIT_PER_MINUTE: 'lots',
      ATRIUM_SMS_PROVIDER: 'pigeon',
      ATRIUM_MAIL_PROVIDER: 'outbox',
    });
    expect(problems).toEqual([
      'PORT 应为 1 到 65535 的整数，而不是「abc」',
      'ATRIUM_SMS_PROVIDER 只能是 outbox、http 之一，而不是「pigeon」',
      'ATRIUM_SESSION_DAYS 应为大于 0、不超过 3650 的天数，而不是「-3」',
      'ATRIUM_HSTS 应为 1（开启）或 0（关闭），而不是「yes」',
      'ATRIUM_SEARCH_WORKERS 应为 1 到 16 的整数，而不是「99」',
      'LOG_LEVEL 只能是 fatal、error、warn、info、debug、trace、silent 之一，而不是「loud」',
      expect.stringMatching(/^ATRIUM_LOGIN_INFO_KEY 必须是 32 字节密钥的 base64 编码/),
      'ATRIUM_RATE_LIMIT_PER_MINUTE 应为 0 到 1000000 的整数，而不是「lots」',
      'REDIS_URL 应为 redis:// 或 rediss:// 开头的网址，而不是「http://cache」',
      expect.stringMatching(/^ATRIUM_METRICS_TOKEN 至少要有 16 个字符/),
      expect.stringMatching(/^生产环境必须设置 ATRIUM_SECRET/),
      expect.stringMatching(/^生产环境不能使用 outbox 短信通道/),
      expect.stringMatching(/^生产环境不能使用 outbox 邮件通道/),
    ]);
  });

  it('keeps the rules across variables', () => {
    expect(problemsOf({ ATRIUM_SMS_PROVIDER: 'http' })).toEqual(['ATRIUM_SMS_PROVIDER=http 需要设置 ATRIUM_SMS_GATEWAY_URL']);
    expect(problemsOf({ ATRIUM_MAIL_PROVIDER: 'smtp' })).toEqual(['ATRIUM_MAIL_PROVIDER=smtp 需要设置 ATRIUM_SMTP_URL 或 ATRIUM_SMTP_HOST']);
  });

  it('is documented variable by variable in docs/operations.md', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../docs/operations.md'), 'utf8');
    expect(ENV_VARIABLES.filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('server/main.ts', () => {
  it('stops with the message, exit code 1 and no stack trace on a bad configuration', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH, PORT: 'abc', NODE_ENV: 'production', ATRIUM_DATA_DIR: dataDir },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('PORT 应为 1 到 65535 的整数，而不是「abc」');
    expect(r.stderr).toContain('生产环境必须设置 ATRIUM_SECRET');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
