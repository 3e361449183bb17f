/**
 * The monitors' console reads and writes (server/routes/monitors; docs/decisions.md 670-679): a channel
 * of an application made on first use with its own topic, its sources, watch profiles, digest settings
 * and dashboard (new records per UTC day over 30 days, recent runs, each profile's recent hits).
 */
import type { Db } from '../db/index.js';
import { ensureTopic } from '../resources/store.js';
import { notFound } from '../http/errors.js';
import { MSG } from '../../common/messages.js';
import {
  MONITOR_LABELS,
  type MonitorCode,
  type MonitorDigest,
  type MonitorFileKind,
  type MonitorProfileKind,
  type MonitorSourceKind,
} from '../../common/monitors.js';
import type { MonitorChannel, MonitorProfile, MonitorRun, MonitorSource } from '../../common/contracts/monitors.js';
import { nextRunOf, queueMonitorRun } from './run.js';

const now = () => new Date().toISOString();
const DAYS = 30;

/** The channel row of an application and code, made (with its topic `{site}·{channel}`) when missing. */
export async function ensureChannel(db: Db, applicationId: number, code: MonitorCode): Promise<{ id: number; topicId: number }> {
  const found = await db
    .selectFrom('monitor_channels')
    .select(['id', 'topic_id'])
    .where('application_id', '=', applicationId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (found) return { id: found.id, topicId: found.topic_id };
  const app = await db.selectFrom('applications').select('name').where('id', '=', applicationId).executeTakeFirst();
  if (!app) throw notFound(MSG.applicationNotFound);
  const topicId = await ensureTopic(db, `${app.name}·${MONITOR_LABELS[code]}`);
  await db
    .insertInto('monitor_channels')
    .values({ application_id: applicationId, code, topic_id: topicId, digest: 'off', last_digest_at: null, created_at: now() })
    .onConflict((oc) => oc.columns(['application_id', 'code']).doNothing())
    .execute();
  const row = await db
    .selectFrom('monitor_channels')
    .select(['id', 'topic_id'])
    .where('application_id', '=', applicationId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return { id: row.id, topicId: row.topic_id };
}

type SourceRow = Awaited<ReturnType<typeof sourceRows>>[number];
const sourceRows = (db: Db, channelId: number) => db.selectFrom('monitor_sources').selectAll().where('channel_id', '=', channelId).orderBy('id').execute();

function presentSource(s: SourceRow): MonitorSource {
  return {
    id: s.id,
    name: s.name,
    kind: s.kind as MonitorSourceKind,
    url: s.url,
    setSpec: s.set_spec,
    metadataPrefix: s.metadata_prefix,
    fileKind: (s.file_kind as MonitorFileKind | null) ?? null,
    schedule: s.schedule,
    enabled: s.enabled === 1,
    nextRunAt: s.next_run_at,
    harvestedUntil: s.harvested_until,
    resumable: !!s.resume_token,
    lastRunAt: s.last_run_at,
    lastStatus: s.last_status,
    lastError: s.last_error,
    lastAdded: s.last_added,
    lastDurationMs: s.last_duration_ms,
  };
}

/** The channel as the console shows it (see the file comment); `userId` tells whether the caller is subscribed. */
export async function channelView(db: Db, applicationId: number, code: MonitorCode, userId: number | null): Promise<MonitorChannel> {
  const ch = await ensureChannel(db, applicationId, code);
  const row = await db.selectFrom('monitor_channels').selectAll().where('id', '=', ch.id).executeTakeFirstOrThrow();
  const since = new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const items = await db.selectFrom('monitor_items').select('created_at').where('channel_id', '=', ch.id).where('created_at', '>=', since).execute();
  const counts = new Map<string, number>();
  for (const i of items) counts.set(i.created_at.slice(0, 10), (counts.get(i.created_at.slice(0, 10)) ?? 0) + 1);
  const perDay = Array.from({ length: DAYS }, (_, k) => {
    const day = new Date(Date.now() - (DAYS - 1 - k) * 86_400_000).toISOString().slice(0, 10);
    return { day, count: counts.get(day) ?? 0 };
  });
  const total = await db
    .selectFrom('monitor_items')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('channel_id', '=', ch.id)
    .executeTakeFirstOrThrow();
  const sources = await sourceRows(db, ch.id);
  const names = new Map(sources.map((s) => [s.id, s.name]));
  const runs = await db.selectFrom('monitor_runs').selectAll().where('channel_id', '=', ch.id).orderBy('id', 'desc').limit(20).execute();
  const profiles = await db.selectFrom('monitor_profiles').selectAll().where('channel_id', '=', ch.id).orderBy('id').execute();
  const presented: MonitorProfile[] = [];
  for (const p of profiles) {
    const hits = await db
      .selectFrom('monitor_hits as h')
      .innerJoin('resources as r', 'r.id', 'h.resource_id')
      .select(['h.resource_id', 'r.title', 'h.term', 'h.created_at'])
      .where('h.profile_id', '=', p.id)
      .orderBy('h.id', 'desc')
      .limit(10)
      .execute();
    const n = await db
      .selectFrom('monitor_hits')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('profile_id', '=', p.id)
      .executeTakeFirstOrThrow();
    presented.push({
      id: p.id,
      name: p.name,
      kind: p.kind as MonitorProfileKind,
      terms: JSON.parse(p.terms) as string[],
      hitCount: Number(n.n),
      recentHits: hits.map((h) => ({ resourceId: h.resource_id, title: h.title, term: h.term, createdAt: h.created_at })),
    });
  }
  const subscribed = userId
    ? !!(await db.selectFrom('monitor_subscribers').select('user_id').where('channel_id', '=', ch.id).where('user_id', '=', userId).executeTakeFirst())
    : false;
  return {
    id: ch.id,
    applicationId,
    code,
    topicId: ch.topicId,
    digest: row.digest as MonitorDigest,
    subscribed,
    totalRecords: Number(total.n),
    perDay,
    sources: sources.map(presentSource),
    profiles: presented,
    runs: runs.map((r): MonitorRun => ({
      id: r.id,
      sourceId: r.source_id,
      sourceName: names.get(r.source_id) ?? '',
      status: r.status,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
      durationMs: r.duration_ms,
      added: r.added,
      error: r.error,
    })),
  };
}

/** A source as the console sends it (validated by server/routes/monitors/schema.ts). */
export interface SourceInput {
  name: string;
  kind: MonitorSourceKind;
  url: string;
  setSpec?: string | null;
  metadataPrefix?: string | null;
  fileKind?: MonitorFileKind | null;
  schedule: string;
  enabled: boolean;
}

const sourceValues = (s: SourceInput) => ({
  name: s.name,
  kind: s.kind,
  url: s.url,
  set_spec: s.kind === 'oai' ? (s.setSpec ?? null) : null,
  metadata_prefix: s.kind === 'oai' ? s.metadataPrefix || 'oai_dc' : null,
  file_kind: s.kind === 'file' ? (s.fileKind ?? 'bibtex') : null,
  schedule: s.schedule,
  enabled: s.enabled ? 1 : 0,
  next_run_at: s.enabled ? nextRunOf(s.schedule) : null,
});

/** Adds a source to a channel; resolves with it. */
export async function createSource(db: Db, applicationId: number, code: MonitorCode, s: SourceInput): Promise<MonitorSource> {
  const ch = await ensureChannel(db, applicationId, code);
  const row = await db
    .insertInto('monitor_sources')
    .values({ channel_id: ch.id, ...sourceValues(s), created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentSource(row);
}

/** The source of a channel, or 404. */
async function sourceOf(db: Db, applicationId: number, code: MonitorCode, sourceId: number): Promise<SourceRow> {
  const ch = await ensureChannel(db, applicationId, code);
  const row = await db.selectFrom('monitor_sources').selectAll().where('id', '=', sourceId).where('channel_id', '=', ch.id).executeTakeFirst();
  if (!row) throw notFound(MSG.monitorSourceNotFound);
  return row;
}

/** Changes a source (a changed address or set starts its harvest afresh); resolves with it. */
export async function updateSource(db: Db, applicationId: number, code: MonitorCode, sourceId: number, s: SourceInput): Promise<MonitorSource> {
  const old = await sourceOf(db, applicationId, code, sourceId);
  const moved = old.url !== s.url || old.kind !== s.kind || (old.set_spec ?? null) !== (s.setSpec ?? null);
  const row = await db
    .updateTable('monitor_sources')
    .set({ ...sourceValues(s), ...(moved ? { harvested_until: null, resume_token: null } : {}) })
    .where('id', '=', sourceId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentSource(row);
}

/** Deletes a source (its runs go with it; the records it brought stay in the topic). */
export async function deleteSource(db: Db, applicationId: number, code: MonitorCode, sourceId: number): Promise<void> {
  await sourceOf(db, applicationId, code, sourceId);
  await db.deleteFrom('monitor_runs').where('source_id', '=', sourceId).execute();
  await db.deleteFrom('monitor_sources').where('id', '=', sourceId).execute();
}

/** Queues a run of a source now; resolves with the task's id. */
export async function runSourceNow(db: Db, applicationId: number, code: MonitorCode, sourceId: number, userId: number | null): Promise<number> {
  const s = await sourceOf(db, applicationId, code, sourceId);
  return queueMonitorRun(db, s.id, s.name, userId);
}

/** Adds a watch profile; resolves with its id. */
export async function createProfile(
  db: Db,
  applicationId: number,
  code: MonitorCode,
  p: { name: string; kind: MonitorProfileKind; terms: string[] },
): Promise<number> {
  const ch = await ensureChannel(db, applicationId, code);
  const row = await db
    .insertInto('monitor_profiles')
    .values({ channel_id: ch.id, name: p.name, kind: p.kind, terms: JSON.stringify(p.terms), created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Changes a watch profile (404 when it is not the channel's). The hits it keeps are those its new
 * profile would still make: all go when its kind changes, those of a term it no longer has go with the
 * term (decision 679). One transaction.
 */
export async function updateProfile(
  db: Db,
  applicationId: number,
  code: MonitorCode,
  profileId: number,
  p: { name: string; kind: MonitorProfileKind; terms: string[] },
): Promise<void> {
  const ch = await ensureChannel(db, applicationId, code);
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('monitor_profiles').select('kind').where('id', '=', profileId).where('channel_id', '=', ch.id).executeTakeFirst();
    if (!before) throw notFound(MSG.monitorProfileNotFound);
    await trx
      .updateTable('monitor_profiles')
      .set({ name: p.name, kind: p.kind, terms: JSON.stringify(p.terms) })
      .where('id', '=', profileId)
      .execute();
    let stale = trx.deleteFrom('monitor_hits').where('profile_id', '=', profileId);
    if (before.kind === p.kind) stale = stale.where('term', 'not in', p.terms);
    await stale.execute();
  });
}

/** Deletes a watch profile and its hits (404 when it is not the channel's). */
export async function deleteProfile(db: Db, applicationId: number, code: MonitorCode, profileId: number): Promise<void> {
  const ch = await ensureChannel(db, applicationId, code);
  const p = await db.selectFrom('monitor_profiles').select('id').where('id', '=', profileId).where('channel_id', '=', ch.id).executeTakeFirst();
  if (!p) throw notFound(MSG.monitorProfileNotFound);
  await db.deleteFrom('monitor_hits').where('profile_id', '=', profileId).execute();
  await db.deleteFrom('monitor_profiles').where('id', '=', profileId).execute();
}

/** Sets the channel's digest period and whether the caller receives it. */
export async function saveDigest(
  db: Db,
  applicationId: number,
  code: MonitorCode,
  userId: number,
  d: { digest: MonitorDigest; subscribed: boolean },
): Promise<void> {
  const ch = await ensureChannel(db, applicationId, code);
  await db.updateTable('monitor_channels').set({ digest: d.digest }).where('id', '=', ch.id).execute();
  if (d.subscribed)
    await db
      .insertInto('monitor_subscribers')
      .values({ channel_id: ch.id, user_id: userId })
      .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doNothing())
      .execute();
  else await db.deleteFrom('monitor_subscribers').where('channel_id', '=', ch.id).where('user_id', '=', userId).execute();
}
