/**
 * The cache of what every visitor shares (docs/architecture.md §Server rendering and caching, §Scale): the rendered home
 * page and the first page of each panel, per application and audience, in process memory.
 *
 * Correct across several server processes: every entry carries the *generation* it was made in, and
 * the generation lives in the database (table `cache_generation`, one row). A write that changes what
 * visitors see bumps it (server/cache/writes.ts decides which writes do); the writing process knows at
 * once, the others through PostgreSQL's LISTEN/NOTIFY (immediate) and, on any database, a poll of the
 * one row every {@link POLL_MS} ms (a CLI import on SQLite, a lost notification). A hit reads no SQL:
 * it compares the entry's generation with the one in memory.
 */
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrations/index.js';

/** How often the generation row is read when nothing told us of a change, ms. */
export const POLL_MS = 1000;
/** Most entries kept; the oldest go first. */
export const MAX_ENTRIES = 2000;
/** Longest life of an entry, ms, even when nothing was written (pages show relative times: 「5天前」). */
export const MAX_AGE_MS = 5 * 60_000;
/** The PostgreSQL channel of generation changes. */
const CHANNEL = 'atrium_cache';

interface Entry {
  generation: number;
  value: unknown;
  at: number;
}

/** Bumps the generation in the database (and notifies the other processes on PostgreSQL); returns it. */
export async function bumpGeneration(db: Db, dialect: Dialect): Promise<number> {
  const row = await db
    .updateTable('cache_generation')
    .set((eb) => ({ generation: eb('generation', '+', 1) }))
    .where('id', '=', 1)
    .returning('generation')
    .executeTakeFirst();
  const generation = Number(row?.generation ?? 0);
  if (dialect === 'postgres') await sql`select pg_notify(${CHANNEL}, ${String(generation)})`.execute(db);
  return generation;
}

/** Reads the generation row (0 when missing). */
async function readGeneration(db: Db): Promise<number> {
  const row = await db.selectFrom('cache_generation').select('generation').where('id', '=', 1).executeTakeFirst();
  return Number(row?.generation ?? 0);
}

/** See the file comment. Create one per server with {@link openSharedCache}; `close()` on shutdown. */
export class SharedCache {
  private entries = new Map<string, Entry>();
  private current = 0;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /** The generation this process knows. */
  get generation(): number {
    return this.current;
  }

  /** Takes a generation learnt from the database or a notification (never goes back). */
  learn(generation: number): void {
    if (generation > this.current) {
      this.current = generation;
      this.entries.clear();
    }
  }

  /** The value stored under `key` in the current generation, or undefined. */
  get<T>(key: string): T | undefined {
    const e = this.entries.get(key);
    if (e && e.generation === this.current && Date.now() - e.at < MAX_AGE_MS) {
      return e.value as T;
    }
    return undefined;
  }

  /**
   * Stores `value` under `key`, made in `generation` (read {@link generation} BEFORE computing the value:
   * a value computed across a bump is then never served).
   */
  set(key: string, value: unknown, generation: number): void {
    if (generation !== this.current) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(key); // a re-made entry goes to the end (the oldest go first)
    this.entries.set(key, { generation, value, at: Date.now() });
  }

  private making = new Map<string, Promise<unknown>>();

  /**
   * The value of `key`, computed by `make` on a miss and stored. Concurrent misses of one key in one
   * generation share one `make` (a burst of visitors after a write renders the page once). A `make`
   * that rejects stores nothing.
   */
  async getOrMake<T>(key: string, make: () => Promise<T>): Promise<T> {
    const hit = this.get<T>(key);
    if (hit !== undefined) return hit;
    const generation = this.current;
    const flight = `${generation}|${key}`;
    const pending = this.making.get(flight);
    if (pending) return pending as Promise<T>;
    const p = make()
      .then((value) => {
        this.set(key, value, generation);
        return value;
      })
      .finally(() => {
        this.making.delete(flight);
      });
    this.making.set(flight, p);
    return p;
  }

  /** A write changed what visitors see: bump the generation everywhere. */
  async invalidate(): Promise<void> {
    this.learn(await bumpGeneration(this.db, this.dialect));
  }

  /** Reads the generation row now. */
  async refresh(): Promise<void> {
    this.learn(await readGeneration(this.db));
  }

  private timer: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;

  /** Starts the poll and, on PostgreSQL, the LISTEN connection (`databaseUrl`). */
  async start(databaseUrl: string): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      this.refresh().catch(() => undefined);
    }, POLL_MS);
    this.timer.unref();
    if (this.dialect !== 'postgres') return;
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => {
      this.listener = null;
    }); // the poll still keeps us right
    client.on('notification', (n) => {
      if (n.channel === CHANNEL) this.learn(Number(n.payload) || 0);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  /** Stops the poll and the LISTEN connection. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const l = this.listener;
    this.listener = null;
    if (l) await l.end().catch(() => undefined);
  }
}
