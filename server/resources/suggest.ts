/**
 * Title-prefix reads of the resource catalogue (suggestions answer within 50 ms on the
 * imported catalogues; docs/decisions.md 296): `type = ? and title` in [prefix, prefix + U+10FFFF),
 * read in title order on the index `resources_type_title` (migration 027; PostgreSQL compares
 * `title collate "C"`, the indexed expression, so the range is a code-point range there too).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrations/helpers.js';
import { parseFields } from './present.js';
import { resourceVisible, type ResourceRows } from '../policies/rows.js';

/** The highest code point: any title that starts with the prefix sorts below prefix + this. */
const TOP = String.fromCodePoint(0x10ffff);

/** One suggestion: the resource's id and title and a short line under it (institution, ISSN, place, year). */
export interface TitleSuggestion {
  id: number;
  title: string;
  detail: string | null;
}

/** The title column in code-point order for the dialect. */
const titleKey = (dialect: Dialect): RawBuilder<string> => (dialect === 'postgres' ? sql<string>`title collate "C"` : sql<string>`title`);

/** Up to `limit` resources of `type` whose title starts with `prefix`, in title order, of those `rows` lets the viewer read (server/policies/rows.ts). */
export async function titlesByPrefix(
  db: Db,
  dialect: Dialect,
  type: string,
  prefix: string,
  rows: ResourceRows,
  limit: number,
  offset = 0,
): Promise<{ id: number; type: string; title: string; date: string | null; fields: string }[]> {
  const key = titleKey(dialect);
  return db
    .selectFrom('resources')
    .select(['id', 'type', 'title', 'date', 'fields'])
    .where('type', '=', type)
    .where(key, '>=', prefix)
    .where(key, '<', prefix + TOP)
    .where(resourceVisible(rows, sql.ref('resources.id')))
    .orderBy(key)
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many resources of `type` that `rows` lets the viewer read have a title starting with `prefix` (at most `cap`, counted on the index). */
export async function countByPrefix(db: Db, dialect: Dialect, type: string, prefix: string, rows: ResourceRows, cap: number): Promise<number> {
  const key = titleKey(dialect);
  const inner = db
    .selectFrom('resources')
    .select('id')
    .where('type', '=', type)
    .where(key, '>=', prefix)
    .where(key, '<', prefix + TOP)
    .where(resourceVisible(rows, sql.ref('resources.id')))
    .limit(cap);
  const row = await db
    .selectFrom(inner.as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The short line of a suggestion: the first of the fields that say which one it is. */
function detailOf(fields: Record<string, unknown>, date: string | null): string | null {
  for (const k of ['institution', 'affiliation', 'issn', 'location', 'organizer']) {
    const v = fields[k];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 100);
  }
  return date ? date.slice(0, 4) : null;
}

/** Up to `limit` suggestions of `type` for the typed `prefix` (trimmed by the caller), of the records `visible` lets the viewer read. */
export async function suggestTitles(db: Db, dialect: Dialect, type: string, prefix: string, visible: ResourceRows, limit = 10): Promise<TitleSuggestion[]> {
  const rows = await titlesByPrefix(db, dialect, type, prefix, visible, limit);
  return rows.map((r) => ({ id: r.id, title: r.title, detail: detailOf(parseFields(r.fields), r.date) }));
}
