/**
 * Periodic purge of expired rows (decision 277). Each table is cleaned by one indexed-or-small
 * DELETE on both databases; timestamps are ISO-8601 UTC text, so they compare as strings. Several server
 * processes may purge the same database: the deletes are idempotent.
 */
import type { Db } from '../db/index.js';
import { DAILY_CODE_WINDOW_MS } from '../../common/constants.js';
import { HISTORY_KEEP_DAYS } from '../../common/helix.js';
import type { FileStorage } from '../files/storage.js';
import { purgeDdsFiles } from '../dds/service.js';
import { ANALYSIS_KEEP_MS } from '../search/analysisStore.js';

/**
 * How long a rate-limit row is kept after its window started, ms. Every limit of server/http/rateLimit.ts
 * uses a window of one minute; a row older than an hour belongs to no open window.
 */
export const RATE_WINDOW_KEEP_MS = 60 * 60_000;

/** Rows deleted by one purge, per table. */
export interface PurgeCounts {
  sessions: number;
  verificationCodes: number;
  rateLimits: number;
  requestNonces: number;
  wechatTickets: number;
  usedLoginLinks: number;
  /** audit log entries older than the retention (decision 316) */
  auditLog: number;
  /** readers' browsing history older than HISTORY_KEEP_DAYS days (decision 586) */
  browsingHistory: number;
  /** delivered document delivery files whose 7-day link expired (decision 606; 0 without `storage`) */
  ddsFiles: number;
  /** stored literature analyses a day old (server/search/analysisStore.ts, decision 710) */
  literatureAnalyses: number;
}

/** What a purge keeps besides what expires by itself. */
export interface PurgeOptions {
  /** days an audit log entry is kept (ATRIUM_AUDIT_RETENTION_DAYS); 0 or absent: kept forever */
  auditRetentionDays?: number;
  /** the file store of delivered full texts: with it, expired delivery files are removed (decision 606) */
  storage?: FileStorage;
}

/**
 * Deletes what no request can use any more, as of `now`:
 * - `sessions` past `expires_at`;
 * - `verification_codes` created more than DAILY_CODE_WINDOW_MS (24 h) ago: by then every code is used
 *   or expired (they live 5 minutes) and no longer counts toward the daily limit per target, which reads
 *   the last 24 hours of rows;
 * - `rate_limits` whose window started more than {@link RATE_WINDOW_KEEP_MS} ago;
 * - `request_nonces`, `wechat_tickets` and `used_login_links` past `expires_at`;
 * - `audit_log` entries older than `opts.auditRetentionDays` days (none when 0 or absent; decision 316
 *   'retention configurable', decision 316);
 * - `browsing_history` entries last viewed more than HISTORY_KEEP_DAYS (180) days ago (decision 586).
 * - with `opts.storage`, the files of document deliveries whose link expired (server/dds/service.ts
 *   `purgeDdsFiles`, decision 606): the file goes, the request stays with its link expired.
 * - `literature_analyses` whose heartbeat is older than ANALYSIS_KEEP_MS (a day; decision 710): a stale
 *   generation's, or one no reader asked for again.
 * Returns the number of rows deleted per table. Rejects on a database failure (nothing is retried here).
 */
export async function purgeExpired(db: Db, now: Date = new Date(), opts: PurgeOptions = {}): Promise<PurgeCounts> {
  const iso = now.toISOString();
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const n = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  return {
    sessions: n(await db.deleteFrom('sessions').where('expires_at', '<', iso).executeTakeFirst()),
    verificationCodes: n(await db.deleteFrom('verification_codes').where('created_at', '<', before(DAILY_CODE_WINDOW_MS)).executeTakeFirst()),
    rateLimits: n(await db.deleteFrom('rate_limits').where('window_start', '<', before(RATE_WINDOW_KEEP_MS)).executeTakeFirst()),
    requestNonces: n(await db.deleteFrom('request_nonces').where('expires_at', '<', iso).executeTakeFirst()),
    wechatTickets: n(await db.deleteFrom('wechat_tickets').where('expires_at', '<', iso).executeTakeFirst()),
    usedLoginLinks: n(await db.deleteFrom('used_login_links').where('expires_at', '<', iso).executeTakeFirst()),
    auditLog: opts.auditRetentionDays
      ? n(
          await db
            .deleteFrom('audit_log')
            .where('at', '<', before(opts.auditRetentionDays * 864e5))
            .executeTakeFirst(),
        )
      : 0,
    browsingHistory: n(
      await db
        .deleteFrom('browsing_history')
        .where('at', '<', before(HISTORY_KEEP_DAYS * 864e5))
        .executeTakeFirst(),
    ),
    ddsFiles: opts.storage ? await purgeDdsFiles(db, opts.storage, now) : 0,
    literatureAnalyses: n(await db.deleteFrom('literature_analyses').where('heartbeat_at', '<', before(ANALYSIS_KEEP_MS)).executeTakeFirst()),
  };
}

/** A running purge schedule. */
export interface PurgeSchedule {
  /** the purge made at start (resolves to its counts, or null when it failed and was logged) */
  readonly first: Promise<PurgeCounts | null>;
  /** Stops the timer and waits for a purge in progress; resolves once nothing runs. */
  stop(): Promise<void>;
}

/** Where the schedule reports (pino's logger fits). */
export interface PurgeLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Purges at once and then every `intervalMs` ms (server/main.ts: ATRIUM_PURGE_INTERVAL_MINUTES, default
 * 60 minutes). The timer is unref'd (it never keeps the process alive) and a purge still running when the
 * next one is due is not doubled; `opts` carries the audit log's retention. A failed purge is logged as a warning and tried again at the next
 * tick; it never throws. `intervalMs` 0 or less: nothing runs and `first` resolves to null.
 */
export function startPurge(db: Db, intervalMs: number, log: PurgeLog, opts: PurgeOptions = {}): PurgeSchedule {
  if (!(intervalMs > 0)) return { first: Promise.resolve(null), stop: async () => {} };
  let running: Promise<PurgeCounts | null> | null = null;
  let stopped = false;
  const run = (): Promise<PurgeCounts | null> => {
    if (running) return running;
    running = purgeExpired(db, new Date(), opts)
      .then(
        (counts) => {
          const total = (Object.values(counts) as number[]).reduce((a, b) => a + b, 0);
          if (total > 0) log.info({ purged: counts }, `已清理过期数据 ${total} 行`);
          return counts;
        },
        (err: unknown) => {
          if (!stopped) log.warn({ err }, `清理过期数据失败（将在下次定时重试）：${(err as Error)?.message ?? String(err)}`);
          return null;
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = run();
  const timer = setInterval(() => {
    void run();
  }, intervalMs);
  timer.unref();
  return {
    first,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
