/**
 * PostgreSQL (decision 370): per database, the Kysely of a second small pool whose connections plan
 * without sequential scans or parallel workers, for the search's walks down the primary key (decision
 * 354). Pinning a walk on the main pool took a transaction and two `set local`: five round trips for
 * one read. Kept apart from server/db/index.ts so that the search's worker threads load no driver.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The settings a walk plans with (decision 354): on the walk pool's connections, or `set local` without one. */
export const WALK_SETTINGS = [
  ['enable_seqscan', 'off'],
  ['max_parallel_workers_per_gather', '0'],
] as const;

const walkers = new WeakMap<Kysely<Database>, Kysely<Database>>();

/** Records `walkDb` as the walking connections of `db` (server/db/index.ts, for PostgreSQL). */
export function setWalkingDb(db: Kysely<Database>, walkDb: Kysely<Database>): void {
  walkers.set(db, walkDb);
}

/**
 * The connections of `db` that plan without sequential scans or parallel workers, or undefined (SQLite,
 * or a Kysely made elsewhere): then the caller pins the plan itself.
 */
export function walkingDb(db: Kysely<Database>): Kysely<Database> | undefined {
  return walkers.get(db);
}
