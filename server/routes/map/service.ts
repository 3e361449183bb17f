/**
 * The counts of the map of China (`/temp/map`, issue 31 §3; docs/decisions.md 720-722), over the
 * records the viewer may read (the search's rule: an application's published records of its topic):
 * - an institution is placed in the division its `province` field names (common/provinces.ts
 *   normaliseProvince: 北京市 → 北京), else in 香港 / 澳门 / 台湾 by its `country_code` (hk, mo, tw) or
 *   `country` (中国香港 …) as the CSRankings import writes them; others are not placed (`unplaced`);
 * - a scholar belongs to the institution its `institutionId` links, else the one its `institution`
 *   names (as the institution's detail page lists them), and counts in that institution's division;
 * - a research output (the registry's `researchOutput` types) belongs to every institution its
 *   `institution`, `undertaking_institution` or `affiliation` field names (as the institution panel's
 *   counts, server/routes/institutions), and counts once in each division of those institutions.
 * Each count is one grouped query over `resources`, whatever the number of divisions.
 */
import { sql } from 'kysely';
import { resourceVisible, type ResourceRows } from '../../policies/rows.js';
import type { Db } from '../../db/index.js';
import { jsonText } from '../../db/json.js';
import { FRUIT_TYPES } from '../institutions/service.js';
import { PROVINCES, normaliseProvince, type MapMetric, type Province } from '../../../common/provinces.js';
import type { MapProvinceAnswer, MapProvincesAnswer } from '../../../common/contracts/map.js';

/** The divisions of the CSRankings country codes that are part of China (server/import/scholars.ts COUNTRY_NAMES). */
const COUNTRY_CODE_PROVINCES: Readonly<Record<string, Province>> = { hk: '香港', mo: '澳门', tw: '台湾' };

interface PlacedInstitution {
  id: number;
  title: string;
  province: Province;
}

/** The division of an institution's stored fields, or null (see the file comment). */
export function institutionProvince(f: { province?: string | null; country_code?: string | null; country?: string | null }): Province | null {
  return normaliseProvince(f.province) ?? COUNTRY_CODE_PROVINCES[(f.country_code ?? '').toLowerCase()] ?? normaliseProvince(f.country);
}

/** The readable institutions, placed in their division, and the number of those that are not. */
async function placedInstitutions(db: Db, rows: ResourceRows): Promise<{ placed: PlacedInstitution[]; unplaced: number }> {
  const list = await db
    .selectFrom('resources')
    .select(['id', 'title', jsonText(db, 'province').as('province'), jsonText(db, 'country_code').as('country_code'), jsonText(db, 'country').as('country')])
    .where('type', '=', 'institution')
    .where(resourceVisible(rows, sql.ref('resources.id')))
    .orderBy('id')
    .execute();
  const placed: PlacedInstitution[] = [];
  for (const r of list) {
    const province = institutionProvince(r);
    if (province) placed.push({ id: Number(r.id), title: r.title, province });
  }
  return { placed, unplaced: list.length - placed.length };
}

/** Institution ids by title (the oldest of a title first). */
function idsByTitle(placed: readonly PlacedInstitution[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const p of placed) if (!m.has(p.title)) m.set(p.title, p.id);
  return m;
}

/** Readable scholars per institution id (of `placed`). */
async function scholarsPerInstitution(db: Db, rows: ResourceRows, placed: readonly PlacedInstitution[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (placed.length === 0) return out;
  const ids = new Set(placed.map((p) => p.id));
  const byTitle = idsByTitle(placed);
  const inst = jsonText(db, 'institution');
  const instId = jsonText(db, 'institutionId');
  const groups = await db
    .selectFrom('resources')
    .select([inst.as('inst'), instId.as('inst_id'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('type', '=', 'scholar')
    .where(resourceVisible(rows, sql.ref('resources.id')))
    .groupBy([inst, instId])
    .execute();
  for (const g of groups) {
    const linked = g.inst_id != null ? Number(g.inst_id) : NaN;
    const id = ids.has(linked) ? linked : g.inst != null ? byTitle.get(g.inst) : undefined;
    if (id !== undefined) out.set(id, (out.get(id) ?? 0) + Number(g.n));
  }
  return out;
}

/**
 * Readable research outputs per institution id (of `placed`), and per division (an output naming two
 * institutions of one division counts once there).
 */
async function recordsPerInstitution(
  db: Db,
  rows: ResourceRows,
  placed: readonly PlacedInstitution[],
): Promise<{ byInstitution: Map<number, number>; byProvince: Map<Province, number> }> {
  const byInstitution = new Map<number, number>();
  const byProvince = new Map<Province, number>();
  if (placed.length === 0) return { byInstitution, byProvince };
  const byTitle = idsByTitle(placed);
  const provinceOf = new Map(placed.map((p) => [p.id, p.province]));
  const a = jsonText(db, 'institution');
  const b = jsonText(db, 'undertaking_institution');
  const c = jsonText(db, 'affiliation');
  // only outputs naming some institution (a subquery, not a list of thousands of names)
  const titles = db.selectFrom('resources as i').select('i.title').where('i.type', '=', 'institution');
  const groups = await db
    .selectFrom('resources')
    .select([a.as('a'), b.as('b'), c.as('c'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('type', 'in', [...FRUIT_TYPES])
    .where(resourceVisible(rows, sql.ref('resources.id')))
    .where((eb) => eb.or([eb(a, 'in', titles), eb(b, 'in', titles), eb(c, 'in', titles)]))
    .groupBy([a, b, c])
    .execute();
  for (const g of groups) {
    const n = Number(g.n);
    const insts = new Set([g.a, g.b, g.c].map((t) => (t != null ? byTitle.get(t) : undefined)).filter((id): id is number => id !== undefined));
    for (const id of insts) byInstitution.set(id, (byInstitution.get(id) ?? 0) + n);
    for (const p of new Set([...insts].map((id) => provinceOf.get(id)!))) byProvince.set(p, (byProvince.get(p) ?? 0) + n);
  }
  return { byInstitution, byProvince };
}

/** The count of `metric` in each of the 34 divisions (GB/T 2260 order), and the institutions not placed. */
export async function provinceCounts(db: Db, rows: ResourceRows, metric: MapMetric): Promise<MapProvincesAnswer> {
  const { placed, unplaced } = await placedInstitutions(db, rows);
  const counts = new Map<Province, number>();
  if (metric === 'institutions') {
    for (const p of placed) counts.set(p.province, (counts.get(p.province) ?? 0) + 1);
  } else if (metric === 'scholars') {
    const per = await scholarsPerInstitution(db, rows, placed);
    for (const p of placed) counts.set(p.province, (counts.get(p.province) ?? 0) + (per.get(p.id) ?? 0));
  } else {
    for (const [p, n] of (await recordsPerInstitution(db, rows, placed)).byProvince) counts.set(p, n);
  }
  return { metric, provinces: PROVINCES.map((province) => ({ province, count: counts.get(province) ?? 0 })), unplaced };
}

/** The institutions of one division with their scholars and research outputs: most scholars first, then by name. */
export async function provinceInstitutions(db: Db, rows: ResourceRows, province: Province): Promise<MapProvinceAnswer> {
  const { placed } = await placedInstitutions(db, rows);
  const [scholars, records] = await Promise.all([scholarsPerInstitution(db, rows, placed), recordsPerInstitution(db, rows, placed)]);
  const institutions = placed
    .filter((p) => p.province === province)
    .map((p) => ({ id: p.id, title: p.title, scholars: scholars.get(p.id) ?? 0, records: records.byInstitution.get(p.id) ?? 0 }))
    .sort((x, y) => y.scholars - x.scholars || y.records - x.records || x.title.localeCompare(y.title, 'zh-Hans-CN') || x.id - y.id);
  return { province, institutions };
}
