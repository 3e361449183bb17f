/**
 * A harvested record, whatever its source, and how it lands in a channel (docs/decisions.md 671-672):
 * deduplicated per channel by DOI, else the source's identifier, else the normalised title and year
 * (`monitor_items`); a new one becomes an article resource linked to the channel's topic, and is matched
 * against the channel's watch profiles (`monitor_hits`).
 */
import type { Db } from '../db/index.js';
import { upsertResources, type ResourceInput } from '../resources/store.js';
import { normaliseTitle, titleKey } from '../import/types.js';

/** One record read from a source. `date` is yyyy, yyyy-MM or yyyy-MM-dd when known. */
export interface Harvested {
  title: string;
  identifier: string | null;
  doi: string | null;
  date: string | null;
  authors: string[];
  institutions: string[];
  journal: string | null;
  keywords: string[];
  abstract: string | null;
  url: string | null;
}

const DOI = /(10\.\d{4,9}\/[^\s"<>]+)/;

/** The DOI in a text (an identifier, a link), without resolver prefix, lower case; null when none. */
export function doiIn(text: string | null | undefined): string | null {
  const m = text ? DOI.exec(text) : null;
  return m ? m[1].replace(/[.,;]+$/, '').toLowerCase() : null;
}

/** The deduplication key of a record (decision 671). */
export function dedupKey(r: Harvested): string {
  if (r.doi) return `doi:${r.doi.toLowerCase()}`;
  if (r.identifier) return `id:${r.identifier.trim()}`;
  const year = r.date ? r.date.slice(0, 4) : '';
  return `ty:${titleKey(r.title)}:${year}`;
}

/** A date as the resources store it (yyyy, yyyy-MM or yyyy-MM-dd), or null. */
export function dateOf(v: string | null | undefined): string | null {
  const m = v ? /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(v.trim()) : null;
  if (!m) return null;
  return [m[1], m[2], m[3]].filter(Boolean).join('-');
}

/** A channel the engine writes into. */
export interface ChannelRef {
  id: number;
  topicId: number;
}

interface Profile {
  id: number;
  kind: string;
  terms: string[];
}

const norm = (s: string) => normaliseTitle(s);
/** rows per insert statement (5 values a row: far under SQLite's 32,766 bound parameters) */
const CHUNK = 500;

/** The term of `p` that `r` matches, or null (keywords: title, abstract, keywords; the others their field). */
export function matchProfile(p: Profile, r: Harvested): string | null {
  const hay =
    p.kind === 'scholars'
      ? r.authors
      : p.kind === 'institutions'
        ? r.institutions
        : p.kind === 'journals'
          ? [r.journal ?? '']
          : [r.title, r.abstract ?? '', ...r.keywords];
  const texts = hay.map(norm);
  for (const t of p.terms) {
    const n = norm(t);
    if (n && texts.some((h) => h.includes(n))) return t;
  }
  return null;
}

/**
 * Writes the records not yet in the channel; resolves with how many were added. Records repeated within
 * `records` count once. Profiles' hits are stored for each new record. The topic's per-type counts are
 * left to the caller: a run recounts once at its end (a count per OAI-PMH page grew with the topic and
 * made a long harvest quadratic). `then` runs in the same transaction after the records (an OAI-PMH run
 * saves its resumption token there, so the records and the point to resume from are saved together), or
 * alone when nothing is new.
 */
export async function landRecords(
  db: Db,
  channel: ChannelRef,
  sourceId: number,
  records: Harvested[],
  then: (trx: Db) => Promise<void> = async () => {},
): Promise<number> {
  const byKey = new Map<string, Harvested>();
  for (const r of records) {
    const title = r.title.trim();
    if (!title) continue;
    const k = dedupKey(r);
    if (!byKey.has(k)) byKey.set(k, { ...r, title: title.slice(0, 500) });
  }
  if (byKey.size === 0) {
    await then(db);
    return 0;
  }
  const keys = [...byKey.keys()];
  const known = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('monitor_items')
      .select('dedup_key')
      .where('channel_id', '=', channel.id)
      .where('dedup_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const row of rows) known.add(row.dedup_key);
  }
  const fresh = keys.filter((k) => !known.has(k));
  if (fresh.length === 0) {
    await then(db);
    return 0;
  }
  const profiles = (await db.selectFrom('monitor_profiles').select(['id', 'kind', 'terms']).where('channel_id', '=', channel.id).execute()).map((p) => ({
    id: p.id,
    kind: p.kind,
    terms: JSON.parse(p.terms) as string[],
  }));
  const t = new Date().toISOString();
  let added = 0;
  await db.transaction().execute(async (trx) => {
    const inputs: ResourceInput[] = fresh.map((k) => {
      const r = byKey.get(k)!;
      const fields: Record<string, unknown> = {
        author: r.authors.length ? r.authors : undefined,
        journal: r.journal ?? undefined,
        publish_year: r.date ? Number(r.date.slice(0, 4)) : undefined,
        doi: r.doi ?? undefined,
        url: r.url ?? undefined,
        abstract: r.abstract ?? undefined,
        keywords: r.keywords.length ? r.keywords : undefined,
      };
      for (const f of Object.keys(fields)) if (fields[f] === undefined) delete fields[f];
      return {
        type: 'article',
        sourceKey: `monitor:${k}`.slice(0, 300),
        title: r.title,
        date: r.date,
        fields,
        searchText: [...r.authors, ...r.keywords, r.journal ?? ''].filter(Boolean).join(' '),
        topicId: channel.topicId,
      };
    });
    const result = await upsertResources(trx, inputs, { refreshCounts: false });
    // the items and the hits in statements of CHUNK rows (one statement a row was 80% of a harvest's time)
    const inserted = new Set<string>();
    for (let i = 0; i < fresh.length; i += CHUNK) {
      const rows = await trx
        .insertInto('monitor_items')
        .values(
          fresh
            .slice(i, i + CHUNK)
            .map((k, j) => ({ channel_id: channel.id, source_id: sourceId, dedup_key: k, resource_id: result.ids[i + j], created_at: t })),
        )
        .onConflict((oc) => oc.columns(['channel_id', 'dedup_key']).doNothing())
        .returning('dedup_key')
        .execute();
      for (const r of rows) inserted.add(r.dedup_key);
    }
    added = inserted.size;
    const hits: { profile_id: number; resource_id: number; term: string; created_at: string }[] = [];
    if (profiles.length)
      fresh.forEach((k, i) => {
        if (!inserted.has(k)) return;
        const r = byKey.get(k)!;
        for (const p of profiles) {
          const term = matchProfile(p, r);
          if (term) hits.push({ profile_id: p.id, resource_id: result.ids[i], term, created_at: t });
        }
      });
    for (let i = 0; i < hits.length; i += CHUNK)
      await trx
        .insertInto('monitor_hits')
        .values(hits.slice(i, i + CHUNK))
        .onConflict((oc) => oc.columns(['profile_id', 'resource_id']).doNothing())
        .execute();
    await then(trx);
  });
  return added;
}
