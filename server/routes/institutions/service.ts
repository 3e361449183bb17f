/**
 * Scholar and research-output counts of institutions by name (spec 1 §3 'Institution': "Counts come back
 * as fruit_count and scholar_count arrays"; spec 2 §7 'Content'). Each count is one grouped query over
 * `resources`, whatever the number of names (no query per institution):
 * - scholars: `scholar` resources whose fields.institution is the name, or whose fields.institutionId is
 *   the id of an `institution` resource of that title (a scholar counts once);
 * - research outputs: `article`, `patent` and `report` resources whose fields.institution,
 *   fields.undertaking_institution or fields.affiliation is the name (an output counts once per name).
 * Names inside author lists are not looked at (docs/decisions.md #111).
 */
import { sql, type SqlBool } from 'kysely';
import { resourceVisible, type ResourceRows } from '../../policies/rows.js';
import type { Db } from '../../db/index.js';
import { pageOffset } from '../../db/paging.js';
import { makePage, type Page } from '../../../common/page.js';
import { presentResource } from '../../resources/present.js';
import type { ResourceItem } from '../../../common/contracts/search.js';
import { jsonText } from '../../db/json.js';
import type { InstitutionCount, InstitutionCountsAnswer } from '../../../common/contracts/institutions.js';
import { resourceTypesWhere } from '../../../common/resourceTypes.js';

/** The answer: both lists in the order of the names asked (common/contracts/institutions.ts). */
export type InstitutionCounts = InstitutionCountsAnswer;
export type { InstitutionCount };

/** The research-output types whose fields may name an institution (the registry's `researchOutput` types). */
export const FRUIT_TYPES = resourceTypesWhere((d) => !!d.researchOutput);

/**
 * Counts scholars and research outputs of each name of `names` (already trimmed and distinct).
 * Returns both lists in the order of `names`, 0 where nothing names the institution.
 */
export async function countByInstitution(db: Db, names: readonly string[], visible: ResourceRows): Promise<InstitutionCounts> {
  const list = [...names];
  const scholars = new Map<string, number>(list.map((n) => [n, 0]));
  const fruits = new Map<string, number>(list.map((n) => [n, 0]));
  if (list.length === 0) return { fruit_count: [], scholar_count: [] };

  // institution resources of these names: a scholar may name its institution only by id
  const insts = await db
    .selectFrom('resources')
    .select(['id', 'title'])
    .where('type', '=', 'institution')
    .where('title', 'in', list)
    .where(resourceVisible(visible, sql.ref('resources.id')))
    .execute();
  const nameOfId = new Map(insts.map((r) => [String(r.id), r.title]));

  const inst = jsonText(db, 'institution');
  const instId = jsonText(db, 'institutionId');
  const scholarGroups = await db
    .selectFrom('resources')
    .select([inst.as('inst'), instId.as('inst_id'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('type', '=', 'scholar')
    .where(resourceVisible(visible, sql.ref('resources.id')))
    .where((eb) => (nameOfId.size ? eb.or([eb(inst, 'in', list), eb(instId, 'in', [...nameOfId.keys()])]) : eb(inst, 'in', list)))
    .groupBy([inst, instId])
    .execute();
  for (const g of scholarGroups) {
    // the name field wins; a scholar without it is counted under its linked institution
    const name = g.inst != null && scholars.has(g.inst) ? g.inst : g.inst_id != null ? nameOfId.get(String(g.inst_id)) : undefined;
    if (name !== undefined && scholars.has(name)) scholars.set(name, scholars.get(name)! + Number(g.n));
  }

  const a = jsonText(db, 'institution');
  const b = jsonText(db, 'undertaking_institution');
  const c = jsonText(db, 'affiliation');
  const fruitGroups = await db
    .selectFrom('resources')
    .select([a.as('a'), b.as('b'), c.as('c'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('type', 'in', [...FRUIT_TYPES])
    .where(resourceVisible(visible, sql.ref('resources.id')))
    .where((eb) => eb.or([eb(a, 'in', list), eb(b, 'in', list), eb(c, 'in', list)]))
    .groupBy([a, b, c])
    .execute();
  for (const g of fruitGroups) {
    for (const name of new Set([g.a, g.b, g.c])) {
      if (name != null && fruits.has(name)) fruits.set(name, fruits.get(name)! + Number(g.n));
    }
  }
  return {
    fruit_count: list.map((institution) => ({ institution, count: fruits.get(institution)! })),
    scholar_count: list.map((institution) => ({ institution, count: scholars.get(institution)! })),
  };
}

/** Scholars listed on an institution's detail page at most per page. */
export const INSTITUTION_SCHOLARS_PAGE_MAX = 100;

/**
 * The scholars of institution `id` (decision 391):
 * `scholar` resources linked to it by fields.institutionId (the import links them, whatever the order:
 * server/import/scholars.ts linkStoredScholars) or naming it in fields.institution, as the count above
 * counts them; by name, page `page` (from 1) of `size`. Undefined when there is no such institution.
 */
export async function institutionScholars(db: Db, id: number, page: number, size: number, visible: ResourceRows): Promise<Page<ResourceItem> | undefined> {
  const institution = await db
    .selectFrom('resources')
    .select(['id', 'title'])
    .where('id', '=', id)
    .where('type', '=', 'institution')
    .where(resourceVisible(visible, sql.ref('resources.id')))
    .executeTakeFirst();
  if (!institution) return undefined;
  const linked = sql<SqlBool>`(${jsonText(db, 'institutionId')} = ${String(id)} or ${jsonText(db, 'institution')} = ${institution.title})`;
  const base = db
    .selectFrom('resources')
    .where('resources.type', '=', 'scholar')
    .where(linked)
    .where(resourceVisible(visible, sql.ref('resources.id')));
  const [rows, total] = await Promise.all([
    base
      .select(['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields'])
      .orderBy('resources.title')
      .orderBy('resources.id')
      .limit(size)
      .offset(pageOffset(page, size))
      .execute(),
    base.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return makePage(rows.map(presentResource), Number(total.n), page, size);
}
