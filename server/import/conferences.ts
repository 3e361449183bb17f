/**
 * `conferences`: ccf-deadlines `conferences_flat.csv` (../shared/data/ccf-deadlines-conferences), one row
 * per conference edition. The free-text date ("February 22 - March 1, 2022") and place
 * ("Vancouver, British Columbia, Canada") are parsed into the listing fields of spec 1 §3 'Conference'.
 */
import { readTable, columns } from './table.js';
import { isoDay } from '../../common/dates.js';
import { cell, isIsoDate, type ImportItem, type ParseResult, type SkippedRow } from './types.js';

/** CCF categories (conference/types.yml of ccf-deadlines), used when types.yml is not beside the file. */
export const CCF_CATEGORY_NAMES: Record<string, string> = {
  DS: '计算机体系结构/并行与分布计算/存储系统',
  NW: '计算机网络',
  SC: '网络与信息安全',
  SE: '软件工程/系统软件/程序设计语言',
  DB: '数据库/数据挖掘/内容检索',
  CT: '计算机科学理论',
  CG: '计算机图形学与多媒体',
  AI: '人工智能',
  HI: '人机交互与普适计算',
  MX: '交叉/综合/新兴',
};

/**
 * Reads the sub code → Chinese name map from the text of ccf-deadlines' conference/types.yml
 * (a list of `- name: <zh>` / `name_en: ...` / `sub: <code>` entries). Returns {} when nothing is found.
 */
export function parseCategoryNames(yaml: string): Record<string, string> {
  const out: Record<string, string> = {};
  let name: string | null = null;
  for (const raw of yaml.split(/\r?\n/)) {
    const m = /^\s*(-\s+)?(name|sub)\s*:\s*(.*?)\s*$/.exec(raw);
    if (!m) continue;
    const value = m[3].replace(/^['"]|['"]$/g, '');
    if (m[1]) name = null; // a new list entry
    if (m[2] === 'name') name = value;
    else if (name) out[value] = name;
  }
  return out;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthOf(token: string): number | null {
  const t = token.toLowerCase().replace(/\.$/, '');
  if (!/^[a-z]{3,}$/.test(t)) return null;
  const i = MONTHS.indexOf(t.slice(0, 3));
  return i < 0 ? null : i + 1;
}

function side(text: string): { month: number | null; day: number | null } {
  let month: number | null = null;
  let day: number | null = null;
  for (const tok of text.split(/[\s,]+/).filter(Boolean)) {
    const d = /^(\d{1,2})(st|nd|rd|th)?$/i.exec(tok);
    if (d && day === null) day = Number(d[1]);
    else if (month === null) month = monthOf(tok);
  }
  return { month, day };
}

/**
 * Parses ccf-deadlines' free-text conference dates into ISO days. Understands "February 22 - March 1,
 * 2022", "July 17-19, 2026", "29 June - 2 July, 2026", "Oct 29 - Nov 3, 2022", "April 8, 2026",
 * "November 22-26 2026". A year missing from the text is taken from `yearHint`. Month-only or
 * unparsable text ("August, 2022", "TBD") gives nulls. An end before the start moves to the next year.
 */
export function parseConferenceDate(text: string, yearHint?: number | null): { start: string | null; end: string | null } {
  const none = { start: null, end: null };
  const years = [...text.matchAll(/\b(19|20)\d{2}\b/g)].map((m) => Number(m[0]));
  const year = years.at(-1) ?? yearHint ?? null;
  if (!year) return none;
  const rest = text.replace(/\([^)]*\)/g, ' ').replace(/\b(19|20)\d{2}\b/g, ' ');
  const parts = rest.split(/\s*[-–—~]\s*|\s+to\s+/i).filter((p) => p.trim() !== '' && /[a-z0-9]/i.test(p));
  if (parts.length === 0 || parts.length > 2) return none;
  const a = side(parts[0]);
  const b = parts.length === 2 ? side(parts[1]) : a;
  if (a.month === null || a.day === null || b.day === null) return none;
  const startMonth = a.month;
  const endMonth = b.month ?? a.month;
  const start = isoDay(year, startMonth, a.day);
  let end = isoDay(year, endMonth, b.day);
  if (end < start) end = isoDay(year + 1, endMonth, b.day);
  if (!isIsoDate(start) || !isIsoDate(end)) return none;
  return { start, end };
}

/** Canonical country names (English, as in the data) by lower-case alias, with the Chinese name. */
const COUNTRIES: [string, string, string[]][] = [
  ['USA', '美国', ['usa', 'us', 'u.s.a', 'u.s.', 'united states', 'united state', 'united states of america', 'america']],
  ['China', '中国', ['china', 'p.r. china', 'pr china', "people's republic of china"]],
  ['Hong Kong', '中国香港', ['hong kong', 'hong kong sar', 'hongkong']],
  ['Macao', '中国澳门', ['macao', 'macau']],
  ['Taiwan', '中国台湾', ['taiwan']],
  ['UK', '英国', ['uk', 'united kingdom', 'united kindom', 'england', 'scotland', 'wales', 'great britain', 'northern ireland', 'u.k.']],
  ['South Korea', '韩国', ['south korea', 'korea', 'republic of korea', 's. korea', 'rep. of korea']],
  ['Netherlands', '荷兰', ['netherlands', 'the netherlands', 'netherland', 'holland']],
  ['UAE', '阿联酋', ['uae', 'united arab emirates', 'u.a.e']],
  ['Czech Republic', '捷克', ['czech republic', 'czechia']],
  ['Turkey', '土耳其', ['turkey', 'türkiye', 'turkiye']],
  ['Greece', '希腊', ['greece', 'greec']],
  ['Belgium', '比利时', ['belgium', 'be']],
  ['Mexico', '墨西哥', ['mexico', 'méxico']],
  ['Canada', '加拿大', ['canada']],
  ['Australia', '澳大利亚', ['australia']],
  ['Japan', '日本', ['japan']],
  ['Germany', '德国', ['germany']],
  ['France', '法国', ['france']],
  ['Italy', '意大利', ['italy']],
  ['Spain', '西班牙', ['spain']],
  ['Portugal', '葡萄牙', ['portugal']],
  ['Austria', '奥地利', ['austria']],
  ['Singapore', '新加坡', ['singapore']],
  ['India', '印度', ['india']],
  ['Denmark', '丹麦', ['denmark']],
  ['Finland', '芬兰', ['finland']],
  ['Brazil', '巴西', ['brazil']],
  ['Cyprus', '塞浦路斯', ['cyprus']],
  ['Switzerland', '瑞士', ['switzerland']],
  ['New Zealand', '新西兰', ['new zealand']],
  ['Malaysia', '马来西亚', ['malaysia']],
  ['Vietnam', '越南', ['vietnam', 'viet nam']],
  ['Ireland', '爱尔兰', ['ireland']],
  ['Morocco', '摩洛哥', ['morocco']],
  ['Norway', '挪威', ['norway']],
  ['Thailand', '泰国', ['thailand']],
  ['Israel', '以色列', ['israel']],
  ['Poland', '波兰', ['poland']],
  ['Croatia', '克罗地亚', ['croatia']],
  ['Sweden', '瑞典', ['sweden']],
  ['Luxembourg', '卢森堡', ['luxembourg']],
  ['Lithuania', '立陶宛', ['lithuania']],
  ['Slovenia', '斯洛文尼亚', ['slovenia']],
  ['Iceland', '冰岛', ['iceland']],
  ['South Africa', '南非', ['south africa']],
  ['Colombia', '哥伦比亚', ['colombia']],
  ['Costa Rica', '哥斯达黎加', ['costa rica']],
  ['Indonesia', '印度尼西亚', ['indonesia']],
  ['Hungary', '匈牙利', ['hungary']],
  ['Rwanda', '卢旺达', ['rwanda']],
  ['Cambodia', '柬埔寨', ['cambodia']],
  ['Chile', '智利', ['chile']],
  ['Estonia', '爱沙尼亚', ['estonia']],
  ['Argentina', '阿根廷', ['argentina']],
  ['Panama', '巴拿马', ['panama']],
  ['Slovakia', '斯洛伐克', ['slovakia']],
  ['Curaçao', '库拉索', ['curaçao', 'curacao']],
  ['Grenada', '格林纳达', ['grenada']],
  ['Barbados', '巴巴多斯', ['barbados']],
  ['Saint Kitts and Nevis', '圣基茨和尼维斯', ['st. kitts', 'saint kitts']],
  ['Russia', '俄罗斯', ['russia']],
  ['Egypt', '埃及', ['egypt']],
  ['Qatar', '卡塔尔', ['qatar']],
  ['Saudi Arabia', '沙特阿拉伯', ['saudi arabia']],
  ['Romania', '罗马尼亚', ['romania']],
  ['Serbia', '塞尔维亚', ['serbia']],
  ['Bulgaria', '保加利亚', ['bulgaria']],
  ['Latvia', '拉脱维亚', ['latvia']],
  ['Malta', '马耳他', ['malta']],
  ['Philippines', '菲律宾', ['philippines']],
  ['Pakistan', '巴基斯坦', ['pakistan']],
  ['Peru', '秘鲁', ['peru']],
  ['Uruguay', '乌拉圭', ['uruguay']],
  ['Ecuador', '厄瓜多尔', ['ecuador']],
  ['Kenya', '肯尼亚', ['kenya']],
  ['Nigeria', '尼日利亚', ['nigeria']],
  ['Tunisia', '突尼斯', ['tunisia']],
  ['Sri Lanka', '斯里兰卡', ['sri lanka']],
  ['Bangladesh', '孟加拉国', ['bangladesh']],
  ['Nepal', '尼泊尔', ['nepal']],
  ['Jordan', '约旦', ['jordan']],
  ['Lebanon', '黎巴嫩', ['lebanon']],
  ['Iran', '伊朗', ['iran']],
  ['Ukraine', '乌克兰', ['ukraine']],
];
const COUNTRY_BY_ALIAS = new Map<string, { name: string; zh: string }>();
for (const [name, zh, aliases] of COUNTRIES) for (const a of aliases) COUNTRY_BY_ALIAS.set(a, { name, zh });

const US_STATES = new Map<string, string>(
  Object.entries({
    AL: 'Alabama',
    AK: 'Alaska',
    AZ: 'Arizona',
    AR: 'Arkansas',
    CA: 'California',
    CO: 'Colorado',
    CT: 'Connecticut',
    DE: 'Delaware',
    DC: 'District of Columbia',
    FL: 'Florida',
    GA: 'Georgia',
    HI: 'Hawaii',
    ID: 'Idaho',
    IL: 'Illinois',
    IN: 'Indiana',
    IA: 'Iowa',
    KS: 'Kansas',
    KY: 'Kentucky',
    LA: 'Louisiana',
    ME: 'Maine',
    MD: 'Maryland',
    MA: 'Massachusetts',
    MI: 'Michigan',
    MN: 'Minnesota',
    MS: 'Mississippi',
    MO: 'Missouri',
    MT: 'Montana',
    NE: 'Nebraska',
    NV: 'Nevada',
    NH: 'New Hampshire',
    NJ: 'New Jersey',
    NM: 'New Mexico',
    NY: 'New York',
    NC: 'North Carolina',
    ND: 'North Dakota',
    OH: 'Ohio',
    OK: 'Oklahoma',
    OR: 'Oregon',
    PA: 'Pennsylvania',
    RI: 'Rhode Island',
    SC: 'South Carolina',
    SD: 'South Dakota',
    TN: 'Tennessee',
    TX: 'Texas',
    UT: 'Utah',
    VT: 'Vermont',
    VA: 'Virginia',
    WA: 'Washington',
    WV: 'West Virginia',
    WI: 'Wisconsin',
    WY: 'Wyoming',
  }),
);
const US_STATE_NAMES = new Set([...US_STATES.values()].map((s) => s.toLowerCase()));
const isUsState = (s: string) => (s.length === 2 && US_STATES.has(s.toUpperCase())) || US_STATE_NAMES.has(s.toLowerCase()) || /^d\.c\.?$/i.test(s);
/** Provinces and states of other countries, so that "Zhengzhou, Henan, China" gives state Henan. */
const OTHER_STATES = new Set([
  'british columbia',
  'bc',
  'ontario',
  'on',
  'quebec',
  'qc',
  'alberta',
  'ab',
  'nova scotia',
  'ns',
  'manitoba',
  'new south wales',
  'nsw',
  'victoria',
  'vic',
  'queensland',
  'qld',
  'western australia',
  'wa',
  'south australia',
  'sa',
  'tasmania',
  'act',
  'henan',
  'hubei',
  'hunan',
  'guangdong',
  'jiangsu',
  'zhejiang',
  'shandong',
  'sichuan',
  'fujian',
  'anhui',
  'hebei',
  'shaanxi',
  'shanxi',
  'yunnan',
  'guangxi',
  'guizhou',
  'jiangxi',
  'liaoning',
  'jilin',
  'heilongjiang',
  'hainan',
  'gansu',
  'inner mongolia',
  'xinjiang',
  'tibet',
  'ningxia',
  'qinghai',
  'sicily',
  'bavaria',
  'lombardy',
  'catalonia',
  'andalusia',
  'tuscany',
]);
const CITY_STATES = new Set(['Singapore', 'Hong Kong', 'Macao']);
const VIRTUAL = /^(virtual|online|virtual conference|virtual event|online and physical.*|tbd|tbc)$/i;

/** Clean one comma-separated part: trailing dots, "(hybrid)", "and Online", "& Virtual", "/ Virtual venue". */
function cleanPart(p: string): string {
  return p
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s*(\/|&|\band\b)\s*(online|virtual)(\s+venue)?\s*$/i, '')
    .replace(/\s+and\s+hybrid\s*$/i, '')
    .replace(/[.\s]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Splits ccf-deadlines' free-text place into city, state and country. "city, country",
 * "city, state, country", "city, ST" (a US state: country USA), "venue, city, country" are understood;
 * "Virtual"/"Online" give no city or country; one unknown word is taken as the city. `country` is the
 * canonical English name ('USA', 'China', 'UK', ...), `country_zh` its Chinese name when known.
 */
export function parsePlace(place: string): { city: string | null; state: string | null; country: string | null; country_zh: string | null } {
  const parts = place
    .split(/[,，]/)
    .map(cleanPart)
    .filter((p) => p && !/^co-?located/i.test(p));
  const out = { city: null as string | null, state: null as string | null, country: null as string | null, country_zh: null as string | null };
  if (parts.length === 0 || (parts.length === 1 && VIRTUAL.test(parts[0]))) return out;
  const last = parts[parts.length - 1];
  // "Florida USA", "Vancouver BC Canada": a country written after a space
  const tail = /^(.*?)\s+(USA|Canada|China|UK)$/i.exec(last);
  const lookup = (s: string) => COUNTRY_BY_ALIAS.get(s.toLowerCase());
  let rest = parts.slice(0, -1);
  if (lookup(last)) {
    const c = lookup(last)!;
    out.country = c.name;
    out.country_zh = c.zh;
  } else if (tail && lookup(tail[2])) {
    const c = lookup(tail[2])!;
    out.country = c.name;
    out.country_zh = c.zh;
    rest = [...rest, tail[1]];
  } else if (isUsState(last) && parts.length > 1) {
    out.country = 'USA';
    out.country_zh = '美国';
    out.state = last;
    out.city = rest[rest.length - 1] ?? null;
    return out;
  } else {
    rest = parts; // no country recognised
  }
  if (rest.length === 0) {
    if (out.country && CITY_STATES.has(out.country)) out.city = out.country;
    return out;
  }
  const second = rest[rest.length - 1];
  if (rest.length >= 2 && (isUsState(second) || OTHER_STATES.has(second.toLowerCase()))) {
    out.state = second;
    out.city = rest[rest.length - 2];
  } else {
    out.city = second;
  }
  return out;
}

/**
 * Parses conferences_flat.csv into `conference` resources (spec 1 §3 'Listing items': Conference id,
 * type, title, logo, start_date, end_date, country, state, city, address).
 * - title: "<short name> <year>" (e.g. "AAAI 2022"); fields keep short_name, description (full English
 *   name), year, start_date/end_date (ISO or null), date_text (the original text), address (the original
 *   place), rank_ccf, rank_core, rank_thcpl, link, dblp, deadline, abstract_deadline, timezone, sub, logo null
 * - date: start_date
 * - sourceKey: the `id` column (aaai22). The data repeats a few ids (ica3pp without a year for four
 *   editions, fse23 for two different FSE conferences); rows of such an id get `<id>@<sub>-<year>`, the
 *   same on every run.
 * - category path: the CCF category's Chinese name (by `sub`, from `categoryNames`) → `CCF A类` (B, C)
 * Throws ImportFileError without the id, title, year, date and place columns.
 */
export function parseConferences(text: string, _fileName: string, options: { categoryNames?: Record<string, string> } = {}): ParseResult {
  const names = { ...CCF_CATEGORY_NAMES, ...(options.categoryNames ?? {}) };
  const table = readTable(text, { delimiter: ',', quote: true });
  const col = columns(
    table.header,
    ['id', 'title', 'year', 'date', 'place'],
    ['description', 'sub', 'rank_ccf', 'rank_core', 'rank_thcpl', 'dblp', 'link', 'deadline', 'abstract_deadline', 'timezone', 'file'],
    'ccf-deadlines conferences_flat.csv',
  );
  const skipped: SkippedRow[] = [...table.broken];
  const at = (cells: string[], i: number | undefined) => (i === undefined ? null : cell(cells[i]));
  const idCount = new Map<string, number>();
  for (const { cells } of table.rows) {
    const id = at(cells, col.id);
    if (id) idCount.set(id, (idCount.get(id) ?? 0) + 1);
  }
  const items: ImportItem[] = [];
  for (const { line, cells } of table.rows) {
    const short = at(cells, col.title);
    const id = at(cells, col.id);
    if (!short) {
      skipped.push({ line, reason: '标题为空' });
      continue;
    }
    if (!id) {
      skipped.push({ line, reason: '缺少 id 列的值（会议届次标识）' });
      continue;
    }
    const yearText = at(cells, col.year);
    const year = yearText && /^\d{4}$/.test(yearText) ? Number(yearText) : null;
    const sub = at(cells, col.sub);
    const dateText = at(cells, col.date) ?? '';
    const placeText = at(cells, col.place) ?? '';
    const { start, end } = parseConferenceDate(dateText, year);
    const place = parsePlace(placeText);
    const rank = at(cells, col.rank_ccf);
    const key = (idCount.get(id) ?? 0) > 1 ? `${id}@${sub ?? ''}-${year ?? ''}` : id;
    const category = sub ? (names[sub] ?? sub) : null;
    const description = at(cells, col.description);
    items.push({
      line,
      type: 'conference',
      sourceKey: key,
      title: year ? `${short} ${year}` : short,
      date: start,
      fields: {
        logo: null,
        short_name: short,
        description,
        year,
        start_date: start,
        end_date: end,
        date_text: dateText || null,
        country: place.country,
        country_zh: place.country_zh,
        state: place.state,
        city: place.city,
        address: placeText || null,
        rank_ccf: rank,
        rank_core: at(cells, col.rank_core),
        rank_thcpl: at(cells, col.rank_thcpl),
        link: at(cells, col.link),
        dblp: at(cells, col.dblp),
        deadline: at(cells, col.deadline),
        abstract_deadline: at(cells, col.abstract_deadline),
        timezone: at(cells, col.timezone),
        sub,
        category,
      },
      searchText: [description, placeText, place.country_zh, category].filter(Boolean).join(' '),
      categoryOne: category,
      categoryTwo: category && rank && /^[ABC]$/.test(rank) ? `CCF ${rank}类` : null,
    });
  }
  return { items, skipped: skipped.sort((a, b) => a.line - b.line), read: table.rows.length + table.broken.length };
}
