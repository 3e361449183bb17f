/**
 * The monitors' digest (issue 30 §4; docs/decisions.md 678): a channel whose digest is daily or weekly
 * sends each subscribed manager, once per period, a plain-text summary of the period: records added,
 * each source's failed runs with their message, each watch profile's hits with up to five titles. It
 * goes out as a 站内信 with its e-mail (server/notifications/send.ts `notify`, kind `monitor.digest`),
 * so the mail is sent by the outbox's sender after commit and a failing mail server is recorded there.
 *
 * Several processes may look at once: a channel's period is claimed by moving `last_digest_at` from the
 * value read (only one process wins), in the same transaction as the notifications it writes.
 */
import type { Db } from '../db/index.js';
import { notify } from '../notifications/send.js';
import { MONITOR_DIGEST_LABELS, MONITOR_LABELS, type MonitorCode, type MonitorDigest } from '../../common/monitors.js';
import { MSG, fillMsg } from '../../common/messages.js';

/** The length of a digest's period, ms. */
export const DIGEST_PERIOD_MS: Record<Exclude<MonitorDigest, 'off'>, number> = { daily: 86_400_000, weekly: 7 * 86_400_000 };
/** Titles listed per watch profile. */
const TITLES_PER_PROFILE = 5;

/** A digest's text for one channel over [since, until): title and body (plain text). */
export async function digestOf(
  db: Db,
  ch: { id: number; code: string; digest: string },
  since: string,
  until: string,
): Promise<{ title: string; body: string }> {
  const added = await db
    .selectFrom('monitor_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('channel_id', '=', ch.id)
    .where('created_at', '>=', since)
    .where('created_at', '<', until)
    .executeTakeFirst();
  const failures = await db
    .selectFrom('monitor_runs as r')
    .innerJoin('monitor_sources as s', 's.id', 'r.source_id')
    .select(['s.name', 'r.error', 'r.started_at'])
    .where('r.channel_id', '=', ch.id)
    .where('r.status', '=', 'failed')
    .where('r.started_at', '>=', since)
    .where('r.started_at', '<', until)
    .orderBy('r.started_at', 'desc')
    .limit(20)
    .execute();
  const profiles = await db.selectFrom('monitor_profiles').select(['id', 'name']).where('channel_id', '=', ch.id).orderBy('id').execute();
  const lines = [fillMsg(MSG.monitorDigestAdded, { n: Number(added?.n ?? 0) })];
  if (failures.length) {
    lines.push('', MSG.monitorDigestFailures);
    for (const f of failures) lines.push(`- ${f.name}：${f.error ?? ''}`);
  }
  for (const p of profiles) {
    const hits = await db
      .selectFrom('monitor_hits as h')
      .innerJoin('resources as r', 'r.id', 'h.resource_id')
      .select(['r.title', 'h.term'])
      .where('h.profile_id', '=', p.id)
      .where('h.created_at', '>=', since)
      .where('h.created_at', '<', until)
      .orderBy('h.id', 'desc')
      .execute();
    if (!hits.length) continue;
    lines.push('', fillMsg(MSG.monitorDigestProfile, { name: p.name, n: hits.length }));
    for (const h of hits.slice(0, TITLES_PER_PROFILE)) lines.push(`- ${h.title}（${h.term}）`);
  }
  const label = MONITOR_LABELS[ch.code as MonitorCode] ?? ch.code;
  const period = MONITOR_DIGEST_LABELS[ch.digest as MonitorDigest] ?? '';
  return { title: fillMsg(MSG.monitorDigestTitle, { channel: label, period }), body: lines.join('\n') };
}

/**
 * Sends the digests that are due at `now`: for each daily or weekly channel whose last digest is a period
 * old (or that never sent one), one notification (and its e-mail) to each subscriber, covering the period
 * since the last digest (the last period, the first time). Resolves with how many channels sent. Rejects
 * only with the database's error.
 */
export async function sendDueDigests(db: Db, now = new Date()): Promise<number> {
  const t = now.toISOString();
  const channels = await db
    .selectFrom('monitor_channels')
    .select(['id', 'application_id', 'code', 'digest', 'last_digest_at'])
    .where('digest', 'in', ['daily', 'weekly'])
    .execute();
  let sent = 0;
  for (const ch of channels) {
    const period = DIGEST_PERIOD_MS[ch.digest as keyof typeof DIGEST_PERIOD_MS];
    if (ch.last_digest_at && now.getTime() - Date.parse(ch.last_digest_at) < period) continue;
    const since = ch.last_digest_at ?? new Date(now.getTime() - period).toISOString();
    const done = await db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('monitor_channels')
        .set({ last_digest_at: t })
        .where('id', '=', ch.id)
        .where((eb) => (ch.last_digest_at === null ? eb('last_digest_at', 'is', null) : eb('last_digest_at', '=', ch.last_digest_at)))
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      const subscribers = await trx.selectFrom('monitor_subscribers').select('user_id').where('channel_id', '=', ch.id).execute();
      if (!subscribers.length) return true;
      const { title, body } = await digestOf(trx, ch, since, t);
      for (const s of subscribers)
        await notify(trx, { userId: s.user_id, applicationId: ch.application_id, kind: 'monitor.digest', title, body, link: `/console/monitor_${ch.code}` });
      return true;
    });
    if (done) sent++;
  }
  return sent;
}
