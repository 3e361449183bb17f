/**
 * `scholars`: the CSRankings faculty lists (../shared/data/csrankings-scholars/csrankings-*.csv: name,
 * affiliation, homepage, scholarid). `country-info.csv` and `acm-fellows.csv` beside the files are used
 * when present (region and country of an affiliation; ACM Fellow title).
 *
 * Identity of a person: CSRankings lists one person under several name variants (DBLP aliases) that
 * share a homepage, so the homepage is the key and the FIRST row of a person (file order: a..z, then
 * line) wins; the later variants are reported as skipped duplicates and their names are kept in the
 * first one's `name_variants` field. Some homepages are a department's faculty page shared by many
 * different people (one DTU page has 117): rows sharing a homepage are the same person only when they
 * share a Google Scholar id, or when their surnames are equal, their given names agree (equal, or one
 * an initial of the other) and their Scholar ids do not contradict; each further person on a shared page gets the key `<homepage>#<name>`.
 */
import { CSRANKINGS_CHINESE_NAMES, chineseNameOf } from './affiliationAliases.js';
import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { refreshTopicTypeCounts, upsertResources, type ResourceInput, type UpsertResult } from '../resources/store.js';
import { readTable, columns } from './table.js';
import { cell, normaliseTitle, type ImportItem, type ParseResult, type SkippedRow } from './types.js';

/** An affiliation's place, from country-info.csv (institutions absent from it are in the USA). */
export interface AffiliationPlace {
  region: string;
  countryabbrv: string;
}

export interface ScholarOptions {
  /** institution → region and country code (country-info.csv); when given, absent institutions are 'us' */
  countries?: Map<string, AffiliationPlace>;
  /** name → year of ACM Fellowship (acm-fellows.csv) */
  fellows?: Map<string, number>;
}

/** Chinese names of CSRankings' country codes. */
export const COUNTRY_NAMES: Record<string, string> = {
  us: '美国',
  cn: '中国',
  hk: '中国香港',
  tw: '中国台湾',
  mo: '中国澳门',
  ae: '阿联酋',
  ar: '阿根廷',
  at: '奥地利',
  au: '澳大利亚',
  bd: '孟加拉国',
  be: '比利时',
  br: '巴西',
  ca: '加拿大',
  ch: '瑞士',
  cl: '智利',
  co: '哥伦比亚',
  cy: '塞浦路斯',
  cz: '捷克',
  de: '德国',
  dk: '丹麦',
  ee: '爱沙尼亚',
  eg: '埃及',
  es: '西班牙',
  fi: '芬兰',
  fr: '法国',
  gr: '希腊',
  hu: '匈牙利',
  ie: '爱尔兰',
  il: '以色列',
  in: '印度',
  ir: '伊朗',
  it: '意大利',
  jo: '约旦',
  jp: '日本',
  kr: '韩国',
  lb: '黎巴嫩',
  lk: '斯里兰卡',
  lu: '卢森堡',
  mt: '马耳他',
  my: '马来西亚',
  nl: '荷兰',
  no: '挪威',
  nz: '新西兰',
  ph: '菲律宾',
  pk: '巴基斯坦',
  pl: '波兰',
  pt: '葡萄牙',
  qa: '卡塔尔',
  ro: '罗马尼亚',
  ru: '俄罗斯',
  sa: '沙特阿拉伯',
  se: '瑞典',
  sg: '新加坡',
  sk: '斯洛伐克',
  th: '泰国',
  tr: '土耳其',
  uk: '英国',
  vn: '越南',
  za: '南非',
};

/** Chinese names of CSRankings' regions. */
export const REGION_NAMES: Record<string, string> = {
  us: '北美洲',
  canada: '北美洲',
  europe: '欧洲',
  asia: '亚洲',
  australasia: '大洋洲',
  southamerica: '南美洲',
  africa: '非洲',
};

/** Reads country-info.csv (institution, region, countryabbrv). Broken rows are ignored. */
export function parseCountryInfo(text: string): Map<string, AffiliationPlace> {
  const table = readTable(text, { delimiter: ',', quote: true });
  const col = columns(table.header, ['institution', 'region', 'countryabbrv'], [], 'country-info.csv');
  const out = new Map<string, AffiliationPlace>();
  for (const { cells } of table.rows) {
    const name = cell(cells[col.institution]);
    if (name) out.set(name, { region: (cell(cells[col.region]) ?? '').toLowerCase(), countryabbrv: (cell(cells[col.countryabbrv]) ?? '').toLowerCase() });
  }
  return out;
}

/** Reads acm-fellows.csv (name, year). Broken rows are ignored. */
export function parseFellows(text: string): Map<string, number> {
  const table = readTable(text, { delimiter: ',', quote: true });
  const col = columns(table.header, ['name', 'year'], [], 'acm-fellows.csv');
  const out = new Map<string, number>();
  for (const { cells } of table.rows) {
    const name = cell(cells[col.name]);
    const year = Number(cell(cells[col.year]));
    if (name && Number.isInteger(year)) out.set(name, year);
  }
  return out;
}

const normHomepage = (url: string) => url.trim().replace(/\/+$/, '');

/**
 * Parses one csrankings-*.csv into `scholar` resources (spec 1 §3 'Listing items': Scholar id, title,
 * avatar, professional_title, academic_title, institution, research_field, fruits_total).
 * - fields: avatar null, professional_title '', academic_title ('ACM Fellow' when acm-fellows.csv
 *   names the person, else ''), institution (the affiliation), institutionId (null here: set by
 *   linkScholarInstitutions when writing), research_field '', fruits_total 0, homepage, scholar_id
 *   (Google Scholar user id or null for NOSCHOLARPAGE), region / country / country_code when known
 * - sourceKey: the homepage (trailing slashes removed), else `<name>|<affiliation>`; see
 *   assignScholarKeys for people sharing a homepage
 * - category path: country (中国, 美国, ...) → affiliation, when country-info.csv is known
 * Skips rows without a name or affiliation. Throws ImportFileError without name and affiliation columns.
 */
export function parseScholars(text: string, _fileName: string, options: ScholarOptions = {}): ParseResult {
  const table = readTable(text, { delimiter: ',', quote: true });
  const col = columns(table.header, ['name', 'affiliation'], ['homepage', 'scholarid'], 'CSRankings csrankings-*.csv');
  const skipped: SkippedRow[] = [...table.broken];
  const items: ImportItem[] = [];
  for (const { line, cells } of table.rows) {
    const name = cell(cells[col.name]);
    const affiliation = cell(cells[col.affiliation]);
    if (!name) {
      skipped.push({ line, reason: '姓名为空' });
      continue;
    }
    if (!affiliation) {
      skipped.push({ line, reason: '所属机构为空' });
      continue;
    }
    // DBLP tells namesakes apart by a number ('A. B. Siddique 0001'); readers see the name without it
    const shownName = name.replace(/\s+\d{4}$/, '');
    const homepage = col.homepage === undefined ? null : cell(cells[col.homepage]);
    const sid = col.scholarid === undefined ? null : cell(cells[col.scholarid]);
    const scholarId = sid && sid !== 'NOSCHOLARPAGE' ? sid : null;
    let place: { region: string; countryabbrv: string } | null = null;
    if (options.countries) place = options.countries.get(affiliation) ?? { region: 'us', countryabbrv: 'us' };
    const country = place ? (COUNTRY_NAMES[place.countryabbrv] ?? place.countryabbrv.toUpperCase()) : null;
    const fellowYear = options.fellows?.get(name) ?? null;
    items.push({
      line,
      type: 'scholar',
      sourceKey: homepage ? normHomepage(homepage) : `${name}|${affiliation}`,
      title: shownName,
      date: null,
      fields: {
        avatar: null,
        professional_title: '',
        academic_title: fellowYear ? 'ACM Fellow' : '',
        acm_fellow_year: fellowYear,
        institution: affiliation,
        institutionId: null,
        research_field: '',
        fruits_total: 0,
        homepage,
        scholar_id: scholarId,
        dblp_name: shownName !== name ? name : null,
        region: place ? (REGION_NAMES[place.region] ?? place.region) : null,
        country,
        country_code: place?.countryabbrv ?? null,
      },
      searchText: [affiliation, country].filter(Boolean).join(' '),
      categoryOne: country,
      categoryTwo: country ? affiliation : null,
    });
  }
  return { items, skipped: skipped.sort((a, b) => a.line - b.line), read: table.rows.length + table.broken.length };
}

/** Surname and first given name of a name for comparison: accents removed, lower case, DBLP numbers and tags dropped. */
function nameWords(name: string): { surname: string; first: string } {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b\d{4}\b/g, ' ');
  const all = plain
    .split(/\s+/)
    .map((w) => w.replace(/[.,']/g, ''))
    .filter((w) => w && !/^(jr|sr|ii|iii|iv)$/.test(w));
  const parts = all.filter((w) => w.length > 1);
  return { surname: (parts.at(-1) ?? '').replace(/-/g, ''), first: all[0] ?? '' };
}

/** Two given names agree when one is the other or an initial of it ('a' and 'allan'). */
const givenNamesAgree = (a: string, b: string) => a === b || (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b));

/**
 * Gives the people who share a homepage distinct keys (see the file comment), over the items of all
 * files of one import, in order. Changes `sourceKey` in place; the first person of a homepage keeps the
 * bare homepage, so the key of a person alone on their page is always their homepage.
 */
export function assignScholarKeys(items: ImportItem[]): void {
  const groups = new Map<string, ImportItem[]>();
  for (const it of items) {
    if (!(it.fields as { homepage?: string | null }).homepage) continue;
    const g = groups.get(it.sourceKey);
    if (g) g.push(it);
    else groups.set(it.sourceKey, [it]);
  }
  for (const [homepage, group] of groups) {
    if (group.length < 2) continue;
    const people: { first: ImportItem; ids: Set<string>; names: { surname: string; first: string }[] }[] = [];
    for (const it of group) {
      const sid = (it.fields as { scholar_id?: string | null }).scholar_id ?? null;
      const { surname, first } = nameWords(it.title);
      const same = people.find((p) => {
        if (sid && p.ids.has(sid)) return true;
        if (sid && p.ids.size > 0) return false; // two different Scholar ids: two people
        // same surname and agreeing given names ('Allan P. Engsig-Karup', 'Allan Peter Engsig-Karup')
        return p.names.some((n) => n.surname === surname && givenNamesAgree(n.first, first));
      });
      if (same) {
        if (sid) same.ids.add(sid);
        same.names.push({ surname, first });
        it.sourceKey = same.first.sourceKey;
      } else {
        const key = people.length === 0 ? homepage : `${homepage}#${normaliseTitle(it.title)}`;
        people.push({ first: it, ids: new Set(sid ? [sid] : []), names: [{ surname, first }] });
        it.sourceKey = key;
      }
    }
  }
}

/** Adds a duplicate row's name to the kept person's `name_variants`; returns the reason shown for the skipped row. */
export function mergeScholar(kept: ImportItem, dup: ImportItem, where: string): string {
  const f = kept.fields as { name_variants?: string[] };
  if (dup.title !== kept.title) {
    f.name_variants = [...new Set([...(f.name_variants ?? []), dup.title])];
    return `同一学者的另一姓名写法（主页相同），已并入${where}“${kept.title}”`;
  }
  return `与${where}重复（同一学者）`;
}

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Sets `fields.institutionId` of every scholar (spec 1 §3 'Scholar' institution link): an institution
 * resource whose title is the affiliation, or its Chinese name (affiliationAliases.ts: `Tsinghua
 * University` → 清华大学), when one exists (e.g. imported by `institutions`), else one
 * created for it with sourceKey `csrankings:<affiliation>` (fields: logo null, institution, scholars =
 * the number of its scholars in this import, fruits 0, region, country), linked to the same topic and
 * country category. Institutions created by an earlier run are updated. Returns their counts. `write`
 * writes the institutions (default upsertResources on `db`; a console import on SQLite writes them
 * unpublished with its scholars, server/import/staged.ts, docs/decisions.md 410).
 */
export async function linkScholarInstitutions(
  db: Q,
  items: ImportItem[],
  topicId: number,
  write: (list: ResourceInput[]) => Promise<UpsertResult> = (list) => upsertResources(db, list),
): Promise<{ inserted: number; updated: number }> {
  const byAffiliation = new Map<string, ImportItem[]>();
  for (const it of items) {
    const a = (it.fields as { institution: string }).institution;
    const list = byAffiliation.get(a);
    if (list) list.push(it);
    else byAffiliation.set(a, [it]);
  }
  const aliases = [...byAffiliation.keys()].map(chineseNameOf).filter((n): n is string => n !== null);
  const names = [...byAffiliation.keys(), ...aliases];
  const found = new Map<string, { id: number; source_key: string }>();
  for (let i = 0; i < names.length; i += 500) {
    const rows = await db
      .selectFrom('resources')
      .select(['id', 'title', 'source_key'])
      .where('type', '=', 'institution')
      .where('title', 'in', names.slice(i, i + 500))
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const prev = found.get(r.title);
      // prefer an institution from another catalogue over one this importer made
      if (!prev || (prev.source_key.startsWith('csrankings:') && !r.source_key.startsWith('csrankings:'))) found.set(r.title, r);
    }
  }
  const ids = new Map<string, number>();
  const create: ResourceInput[] = [];
  for (const [name, scholars] of byAffiliation) {
    const alias = chineseNameOf(name);
    const f = [found.get(name), alias ? found.get(alias) : undefined].find((r) => r && !r.source_key.startsWith('csrankings:'));
    if (f) {
      ids.set(name, f.id);
      continue;
    }
    const sf = scholars[0].fields as { region: string | null; country: string | null; country_code: string | null };
    create.push({
      type: 'institution',
      sourceKey: `csrankings:${name}`,
      title: name,
      date: null,
      fields: {
        logo: null,
        institution: name,
        scholars: scholars.length,
        fruits: 0,
        region: sf.region,
        country: sf.country,
        country_code: sf.country_code,
        source: 'CSRankings',
      },
      searchText: [sf.country, sf.region].filter(Boolean).join(' '),
      topicId,
      categoryOne: scholars[0].categoryOne ?? null,
      categoryTwo: null,
    });
  }
  const result = await write(create);
  create.forEach((c, i) => ids.set(c.title, result.ids[i]));
  for (const [name, scholars] of byAffiliation) for (const s of scholars) (s.fields as { institutionId: number | null }).institutionId = ids.get(name) ?? null;
  return { inserted: result.inserted, updated: result.updated };
}

/**
 * Links the stored scholars to the institution records of their universities, whatever the order in
 * which scholars and institutions were imported: run after every import that writes
 * institutions or scholars (run.ts `afterWrite`), in its transaction. Set-based, three statements
 * whatever the number of rows (the alias table is passed as a VALUES list):
 * 1. every scholar whose `fields.institutionId` is null, names no resource, or names an institution
 *    this importer made (`csrankings:<affiliation>`) is linked to an institution from another catalogue
 *    titled with its affiliation, else with the affiliation's Chinese name (affiliationAliases.ts); among
 *    several, the one titled with the affiliation itself, then the oldest (as linkScholarInstitutions);
 * 2. the institutions this importer made for an affiliation that now has such a record, and that no
 *    scholar links to any more, are deleted (with their topic links; topic counts recounted), so the
 *    catalogue holds 清华大学 and not also 'Tsinghua University', as when institutions came first;
 * 3. `fields.scholars` of every institution some scholar links to is set to the number of those
 *    scholars (the detail page's 学者数; the MOE list leaves it 0).
 * Idempotent: a second run changes nothing. Returns the scholars relinked and the institutions removed.
 */
export async function linkStoredScholars(db: Q): Promise<{ linked: number; removed: number }> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const t = new Date().toISOString();
  // the Chinese name of an affiliation, as an expression (a CASE, not a join the planner may put last)
  const chinese = (of: RawBuilder<unknown>) =>
    sql`(case ${of} ${sql.join(
      Object.entries(CSRANKINGS_CHINESE_NAMES).map(([a, c]) => sql`when ${a} then ${c}`),
      sql` `,
    )} end)`;
  // each scholar's affiliation and linked id (an integer, else null); on PostgreSQL its JSON read once (a
  // jsonb cast per use cost 100 ms a statement for the 24,000 CSRankings scholars; SQLite's planner
  // does best with the CTE left for it to inline: materialized, its join read every institution per scholar)
  const scholars = pg
    ? sql`scholars_json as materialized (select id, fields::jsonb as j from resources where type = 'scholar'),
      scholars as materialized (select id, j ->> 'institution' as aff,
        (case when jsonb_typeof(j -> 'institutionId') = 'number' then (j ->> 'institutionId')::numeric::bigint end) as cur from scholars_json)`
    : sql`scholars as (select id, cast(json_extract(fields, '$.institution') as text) as aff,
        (case when json_type(fields, '$.institutionId') = 'integer' then json_extract(fields, '$.institutionId') end) as cur
        from resources where type = 'scholar')`;
  const ctes = sql`insts as (select id, title from resources where type = 'institution' and source_key not like 'csrankings:%'), ${scholars}`;

  // 1. relink the scholars without a link to another catalogue's institution
  const setId = pg
    ? sql`fields = (resources.fields::jsonb || jsonb_build_object('institutionId', best.iid))::text`
    : sql`fields = json_set(resources.fields, '$.institutionId', best.iid)`;
  const relinked = await sql`with ${ctes},
    loose as (select id, aff, ${chinese(sql.ref('aff'))} as zh from scholars where cur is null or cur not in (select id from insts)),
    candidates as (
      select s.id as sid, i.id as iid, 0 as pref from loose s join insts i on i.title = s.aff
      union all
      select s.id, i.id, 1 from loose s join insts i on i.title = s.zh
    ),
    ranked as (select sid, iid, row_number() over (partition by sid order by pref, iid) as k from candidates),
    best as (select sid, iid from ranked where k = 1)
    update resources set ${setId}, updated_at = ${t} from best where resources.id = best.sid`.execute(db);

  // 2. the importer's own institutions that a record from another catalogue replaces and nobody links to
  const orphans = await sql<{ id: number }>`with ${ctes}
    select id from resources p
    where p.type = 'institution' and p.source_key like 'csrankings:%'
      and (p.title in (select title from insts) or ${chinese(sql.ref('p.title'))} in (select title from insts))
      and p.id not in (select cur from scholars where cur is not null)`.execute(db);
  const ids = orphans.rows.map((r) => Number(r.id));
  if (ids.length) {
    const links = await db.selectFrom('resource_topics').select('topic_id').where('resource_id', 'in', ids).execute();
    await db.deleteFrom('resources').where('id', 'in', ids).execute();
    await refreshTopicTypeCounts(
      db,
      links.map((l) => ({ topicId: l.topic_id, type: 'institution' as const })),
    );
  }

  // 3. the number of scholars of each linked institution
  const setCount = pg
    ? sql`fields = (resources.fields::jsonb || jsonb_build_object('scholars', n.c))::text`
    : sql`fields = json_set(resources.fields, '$.scholars', n.c)`;
  const current = pg
    ? sql`(case when jsonb_typeof(resources.fields::jsonb -> 'scholars') = 'number' then (resources.fields::jsonb ->> 'scholars')::numeric end)`
    : sql`(case when json_type(resources.fields, '$.scholars') = 'integer' then json_extract(resources.fields, '$.scholars') end)`;
  await sql`with ${ctes},
    n as (select cur as iid, count(*) as c from scholars where cur is not null group by cur)
    update resources set ${setCount}, updated_at = ${t} from n
    where resources.id = n.iid and resources.type = 'institution' and (${current} is null or ${current} <> n.c)`.execute(db);
  return { linked: Number(relinked.numAffectedRows ?? 0), removed: ids.length };
}
