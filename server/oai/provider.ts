/**
 * The OAI-PMH 2.0 data provider of one released site (docs/architecture.md §OAI-PMH; issue's protocol:
 * http://www.openarchives.org/OAI/openarchivesprotocol.html): the six verbs over the records of the
 * site's topic (server/oai/records.ts), `oai_dc` only, sets from the topic and its categories, resumption
 * tokens (server/oai/token.ts), errors as `<error code>` elements in a 200 answer (protocol §3.6).
 * Every answer is a complete XML document valid against OAI-PMH.xsd and oai_dc.xsd (server/oai/schemas).
 */
import type { Db } from '../db/index.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { resourceHref, resourceTypeOf } from '../../common/resourceTypes.js';
import { countRecords, earliestStamp, recordById, recordPage, type RecordFilter, type RecordRow } from './records.js';
import { datestamp, envelope, errorElement, esc, header, oaiDc, OAI_DC_NS, OAI_DC_SCHEMA, type DcFields } from './xml.js';
import { decodeToken, encodeToken, type TokenState } from './token.js';

/** Records a page of ListRecords / ListIdentifiers (decision 515). */
export const OAI_PAGE_SIZE = 200;
/** Records serialised in one go on a list page, between two turns of the event loop (decision 686). */
const OAI_SLICE = 50;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** How long a resumption token is honoured, ms (decision 515). */
export const OAI_TOKEN_TTL_MS = 24 * 3600 * 1000;

/** The site answering and what the provider needs of the server. */
export interface OaiSite {
  db: Db;
  app: { id: number; name: string; host: string; topic_id: number | null };
  /** `http://host/oai` as the harvester reached it */
  baseUrl: string;
  /** the site's pages, `http://host` (dc:identifier links) */
  origin: string;
  secret: string;
  adminEmail: string;
  now?: Date;
  pageSize?: number;
}

const VERBS: Record<string, { required: string[]; optional: string[]; exclusive?: string }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
};

/** A protocol error: its code (OAI-PMH.xsd OAI-PMHerrorcodeType) and its Chinese message (common/messages.ts). */
class OaiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
const badArgument = (detail: string) => new OaiError('badArgument', fillMsg(MSG.oaiBadArgument, { detail }));

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const SET_SPEC = /^[A-Za-z0-9\-_.!~*'()]+(:[A-Za-z0-9\-_.!~*'()]+)*$/;
const PREFIX = /^[A-Za-z0-9\-_.!~*'()]+$/;

/** A valid UTC date or datetime of either granularity, as its granularity; null otherwise. */
function granularity(v: string): 'day' | 'seconds' | null {
  const g = DAY.test(v) ? 'day' : SECONDS.test(v) ? 'seconds' : null;
  if (!g) return null;
  const d = new Date(g === 'day' ? `${v}T00:00:00Z` : v);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, v.length - (g === 'seconds' ? 1 : 0)) === v.replace(/Z$/, '') ? g : null;
}

/** Inclusive stored-stamp bounds of `from`/`until` (stored stamps carry milliseconds). */
const lowerBound = (v: string) => (DAY.test(v) ? `${v}T00:00:00.000Z` : v.replace(/Z$/, '.000Z'));
const upperBound = (v: string) => (DAY.test(v) ? `${v}T23:59:59.999Z` : v.replace(/Z$/, '.999Z'));

/** The arguments of a request: each name once (repeats are refused), strings only. */
export type OaiArgs = Record<string, unknown>;

/**
 * Answers one OAI-PMH request of `site` with `args` (query string or form body): the XML document.
 * Never throws for bad input (every refusal is a protocol error in the document); database errors propagate.
 */
export async function answerOai(site: OaiSite, args: OaiArgs): Promise<string> {
  const now = site.now ?? new Date();
  const flat: Record<string, string> = {};
  let repeated: string | null = null;
  for (const [k, v] of Object.entries(args)) {
    if (v === undefined) continue;
    if (Array.isArray(v) || (typeof v === 'object' && v !== null)) {
      // a repeated argument (or, in a JSON body, one that is not a plain value): refused below
      repeated ??= k;
      flat[k] = Array.isArray(v) ? String(v[0]) : '';
    } else flat[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  const verb = flat.verb;
  const spec = verb !== undefined && Object.hasOwn(VERBS, verb) ? VERBS[verb] : undefined;
  if (!spec || repeated === 'verb') return envelope(site.baseUrl, null, errorElement('badVerb', MSG.oaiBadVerb), now);
  try {
    checkArguments(spec, flat, repeated);
  } catch (e) {
    if (e instanceof OaiError) return envelope(site.baseUrl, null, errorElement(e.code, e.message), now);
    throw e;
  }
  try {
    const body = await VERB_HANDLERS[verb as keyof typeof VERB_HANDLERS](site, flat, now);
    return envelope(site.baseUrl, flat, body, now);
  } catch (e) {
    if (e instanceof OaiError) return envelope(site.baseUrl, e.code === 'badArgument' ? null : flat, errorElement(e.code, e.message), now);
    throw e;
  }
}

/**
 * Checks a request's arguments against its verb (protocol §3.1): each at most once, none unknown, the
 * required ones present, the exclusive resumptionToken alone, well-formed prefixes, set specs and dates
 * of one granularity with from ≤ until. Throws a badArgument OaiError otherwise.
 */
function checkArguments(spec: (typeof VERBS)[string], a: Record<string, string>, repeated: string | null): void {
  if (repeated) throw badArgument(fillMsg(MSG.oaiRepeatedArgument, { name: repeated }));
  const names = Object.keys(a).filter((k) => k !== 'verb');
  if (spec.exclusive && a[spec.exclusive] !== undefined) {
    if (names.length > 1) throw badArgument(MSG.oaiTokenExclusive);
    return;
  }
  for (const n of names) if (!spec.required.includes(n) && !spec.optional.includes(n)) throw badArgument(fillMsg(MSG.oaiUnknownArgument, { name: n }));
  for (const n of spec.required) if (!a[n]) throw badArgument(fillMsg(MSG.oaiMissingArgument, { name: n }));
  if (a.metadataPrefix !== undefined && !PREFIX.test(a.metadataPrefix)) throw badArgument('metadataPrefix');
  if (a.set !== undefined && !SET_SPEC.test(a.set)) throw badArgument(MSG.oaiBadSetSpec);
  const gf = a.from !== undefined ? granularity(a.from) : undefined;
  const gu = a.until !== undefined ? granularity(a.until) : undefined;
  if (gf === null) throw badArgument(fillMsg(MSG.oaiBadDate, { name: 'from' }));
  if (gu === null) throw badArgument(fillMsg(MSG.oaiBadDate, { name: 'until' }));
  if (gf && gu && gf !== gu) throw badArgument(MSG.oaiMixedGranularity);
  if (a.from && a.until && lowerBound(a.from) > upperBound(a.until)) throw badArgument(MSG.oaiFromAfterUntil);
}

/** `oai:{host}:{type}/{id}` of a record of the site. */
const identifierOf = (site: OaiSite, r: { type: string; id: number }) => `oai:${site.app.host}:${r.type}/${r.id}`;

/** The record id an identifier names on this site, or null when it is not one of its identifiers. */
function parseIdentifier(site: OaiSite, identifier: string): { type: string; id: number } | null {
  const prefix = `oai:${site.app.host}:`;
  if (!identifier.startsWith(prefix)) return null;
  const m = /^([a-z_]+)\/([1-9]\d{0,15})$/.exec(identifier.slice(prefix.length));
  return m ? { type: m[1], id: Number(m[2]) } : null;
}

/** A set of the site: its spec, Chinese name and the category path it stands for. */
export interface SetEntry {
  spec: string;
  name: string;
  one: string | null;
  two: string | null;
}

/** The site's sets: its topic, then each category (first and second level) as `topic:T:cat:C`. */
export async function siteSets(site: OaiSite): Promise<SetEntry[]> {
  const t = site.app.topic_id;
  if (t == null) return [];
  // the topic and its categories in one read (a list page reads the sets for its headers)
  const rows = await site.db
    .selectFrom('topics as t')
    .leftJoin('categories as c', 'c.topic_id', 't.id')
    .select(['t.title', 'c.id', 'c.parent_id', 'c.label'])
    .where('t.id', '=', t)
    .orderBy('c.id')
    .execute();
  if (!rows.length) return [];
  const topic = { title: rows[0].title };
  const cats = rows.filter((c): c is typeof c & { id: number; label: string } => c.id != null);
  const byId = new Map(cats.map((c) => [Number(c.id), c]));
  const sets: SetEntry[] = [{ spec: `topic:${t}`, name: topic.title, one: null, two: null }];
  for (const c of cats) {
    const parent = c.parent_id != null ? byId.get(Number(c.parent_id)) : undefined;
    if (c.parent_id != null && !parent) continue;
    sets.push({
      spec: `topic:${t}:cat:${c.id}`,
      name: parent ? `${topic.title} / ${parent.label} / ${c.label}` : `${topic.title} / ${c.label}`,
      one: parent ? parent.label : c.label,
      two: parent ? c.label : null,
    });
  }
  return sets;
}

/** The set specs of a record: its topic, its first-level category, its second-level one. */
function setsOf(sets: SetEntry[], r: RecordRow): string[] {
  const out = sets.length ? [sets[0].spec] : [];
  for (const s of sets.slice(1)) {
    if (s.one === r.category_one && (s.two === null || s.two === r.category_two) && r.category_one != null) {
      if (s.two === null || r.category_two != null) out.push(s.spec);
    }
  }
  return out;
}

/** A text that `clean` must rewrite: a tag's `<`, or whitespace other than single spaces (a run, a tab, a newline, U+3000, …). */
const MESSY = /<|[^\S ]| {2}/;
/** `s` without tags, its whitespace runs as one space, trimmed (a text with nothing of the kind is only trimmed). */
const clean = (s: string) =>
  MESSY.test(s)
    ? s
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : s.trim();
/** The text of one value of a field: a string or number as it is, a `{ name }` object's name; '' for anything else. */
const textOf = (x: unknown): string =>
  clean(typeof x === 'string' || typeof x === 'number' ? String(x) : typeof x === 'object' && x && 'name' in x ? String(x.name) : '');
/** The non-empty texts of the fields `keys` of `f`, in order (a field may hold one value or a list). */
function pick(f: Record<string, unknown>, keys: string[]): string[] {
  const out: string[] = [];
  for (const k of keys) {
    const v = f[k];
    if (v == null || v === '') continue;
    if (Array.isArray(v)) {
      for (const x of v) {
        const s = textOf(x);
        if (s) out.push(s);
      }
    } else {
      const s = textOf(v);
      if (s) out.push(s);
    }
  }
  return out;
}
const CJK = /[\u3400-\u9fff]/;

/** The Dublin Core of a live record (decision 516): title (xml:lang zh when Chinese), people, subjects, summary, … */
export function dcOf(site: OaiSite, r: RecordRow): DcFields {
  let f: Record<string, unknown>;
  try {
    f = JSON.parse(r.fields ?? '{}') as Record<string, unknown>;
  } catch {
    f = {};
  }
  const title = r.title ?? '';
  const lang = typeof f.language === 'string' && /^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(f.language) ? f.language : CJK.test(title) ? 'zh' : null;
  const doi = pick(f, ['doi']).map((d) => `doi:${d}`);
  return {
    title,
    titleLang: lang,
    creator: pick(f, ['author', 'authors', 'creator', 'name']).slice(0, 50),
    subject: pick(f, ['keywords', 'keyword', 'subject', 'subjects']).slice(0, 50),
    description: pick(f, ['summary', 'abstract', 'description']).slice(0, 3),
    publisher: pick(f, ['publisher', 'institution', 'organization']).slice(0, 5),
    date: r.date ? [r.date] : [],
    type: [resourceTypeOf(r.type)?.label ?? r.type],
    identifier: [`${site.origin}${resourceHref(r.type, r.id)}`, ...doi, ...pick(f, ['issn', 'isbn'])],
    source: pick(f, ['journal', 'source']).slice(0, 3),
    language: lang ? [lang] : [],
  };
}

/** One record of a list or GetRecord: its header, and its oai_dc unless deleted or `withMetadata` is false. */
export function recordXml(site: OaiSite, sets: SetEntry[], r: RecordRow, withMetadata: boolean): string {
  const h = header({ identifier: identifierOf(site, r), datestamp: datestamp(r.stamp), sets: setsOf(sets, r), deleted: r.deleted });
  if (!withMetadata) return h;
  return r.deleted ? `<record>${h}</record>` : `<record>${h}<metadata>${oaiDc(dcOf(site, r))}</metadata></record>`;
}

function checkPrefix(prefix: string): void {
  if (prefix !== 'oai_dc') throw new OaiError('cannotDisseminateFormat', fillMsg(MSG.oaiCannotDisseminate, { prefix }));
}

async function findRecord(site: OaiSite, identifier: string): Promise<RecordRow> {
  const missing = new OaiError('idDoesNotExist', fillMsg(MSG.oaiIdDoesNotExist, { identifier }));
  const ref = parseIdentifier(site, identifier);
  if (!ref || site.app.topic_id == null) throw missing;
  const r = await recordById(site.db, site.app.topic_id, ref.id);
  if (!r || r.type !== ref.type) throw missing;
  return r;
}

/** The filter of a list request from its set argument; null when the set is not one of the site's. */
function filterOf(site: OaiSite, sets: SetEntry[], a: { set?: string; from?: string; until?: string }): RecordFilter | null {
  const topicId = site.app.topic_id!;
  const f: RecordFilter = { topicId, from: a.from, until: a.until };
  if (a.set) {
    const s = sets.find((x) => x.spec === a.set);
    if (!s) return null;
    if (s.one) f.category = { one: s.one, ...(s.two ? { two: s.two } : {}) };
  }
  return f;
}

async function list(site: OaiSite, a: Record<string, string>, now: Date, verb: TokenState['verb']): Promise<string> {
  const noMatch = new OaiError('noRecordsMatch', MSG.oaiNoRecordsMatch);
  let state: Omit<TokenState, 'after' | 'cursor' | 'size' | 'exp'> & { after: [string, number] | null; cursor: number; size: number | null };
  if (a.resumptionToken !== undefined) {
    const t = decodeToken(site.secret, a.resumptionToken, now.getTime());
    if (!t || t === 'expired' || t.verb !== verb || t.app !== site.app.id) throw new OaiError('badResumptionToken', MSG.oaiBadResumptionToken);
    state = t;
  } else {
    checkPrefix(a.metadataPrefix);
    if (a.set && site.app.topic_id == null) throw new OaiError('noSetHierarchy', MSG.oaiNoSetHierarchy);
    state = {
      verb,
      app: site.app.id,
      prefix: a.metadataPrefix,
      ...(a.set ? { set: a.set } : {}),
      ...(a.from ? { from: lowerBound(a.from) } : {}),
      ...(a.until ? { until: upperBound(a.until) } : {}),
      after: null,
      cursor: 0,
      size: null,
    };
  }
  if (site.app.topic_id == null) throw noMatch;
  const pageSize = site.pageSize ?? OAI_PAGE_SIZE;
  const read = (filter: RecordFilter) => recordPage(site.db, filter, state.after, pageSize, verb === 'ListRecords');
  let sets: SetEntry[];
  let filter: RecordFilter | null;
  let page: Awaited<ReturnType<typeof recordPage>>;
  if (state.set) {
    // the set's categories first: the page is read by them
    sets = await siteSets(site);
    filter = filterOf(site, sets, state);
    if (!filter) throw noMatch;
    page = await read(filter);
  } else {
    // the whole topic: the sets (for the headers) and the page at once (on PostgreSQL, one wait instead of two)
    filter = filterOf(site, [], state)!;
    [sets, page] = await Promise.all([siteSets(site), read(filter)]);
  }
  if (page.rows.length === 0) throw noMatch;
  // a page's records in slices with a turn of the event loop between them: the server answers its
  // other requests between two slices rather than after the whole page (decision 686)
  const slices: string[] = [];
  for (let i = 0; i < page.rows.length; i += OAI_SLICE) {
    if (i) await nextTurn();
    slices.push(
      page.rows
        .slice(i, i + OAI_SLICE)
        .map((r) => recordXml(site, sets, r, verb === 'ListRecords'))
        .join(''),
    );
  }
  const items = slices.join('');
  const resumed = state.after !== null;
  let token = '';
  if (page.more || resumed) {
    const size = state.size ?? (await countRecords(site.db, filter));
    const listSize = Math.max(size, state.cursor + page.rows.length + (page.more ? 1 : 0));
    if (page.more) {
      const last = page.rows[page.rows.length - 1];
      const exp = now.getTime() + OAI_TOKEN_TTL_MS;
      const next: TokenState = { ...state, after: [last.stamp, last.id], cursor: state.cursor + page.rows.length, size: listSize, exp };
      const expiration = datestamp(new Date(exp).toISOString());
      token = `<resumptionToken expirationDate="${expiration}" completeListSize="${listSize}" cursor="${state.cursor}">${encodeToken(site.secret, next)}</resumptionToken>`;
    } else {
      token = `<resumptionToken completeListSize="${listSize}" cursor="${state.cursor}"/>`;
    }
  }
  return `<${verb}>${items}${token}</${verb}>`;
}

const VERB_HANDLERS = {
  Identify: async (site: OaiSite, _a: Record<string, string>, now: Date) => {
    const earliest = site.app.topic_id != null ? await earliestStamp(site.db, site.app.topic_id) : null;
    const host = site.app.host.replace(/:\d+$/, '');
    const sample = `oai:${site.app.host}:article/1`;
    const description =
      /^[A-Za-z0-9.-]+$/.test(host) && host.includes('.')
        ? `<description><oai-identifier xmlns="http://www.openarchives.org/OAI/2.0/oai-identifier" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd"><scheme>oai</scheme><repositoryIdentifier>${host}</repositoryIdentifier><delimiter>:</delimiter><sampleIdentifier>${sample}</sampleIdentifier></oai-identifier></description>`
        : '';
    return (
      `<Identify><repositoryName>${esc(site.app.name)}</repositoryName><baseURL>${esc(site.baseUrl)}</baseURL><protocolVersion>2.0</protocolVersion>` +
      `<adminEmail>${esc(site.adminEmail)}</adminEmail><earliestDatestamp>${datestamp(earliest ?? now.toISOString())}</earliestDatestamp>` +
      `<deletedRecord>persistent</deletedRecord><granularity>YYYY-MM-DDThh:mm:ssZ</granularity>${description}</Identify>`
    );
  },
  ListMetadataFormats: async (site: OaiSite, a: Record<string, string>) => {
    if (a.identifier !== undefined) await findRecord(site, a.identifier);
    return `<ListMetadataFormats><metadataFormat><metadataPrefix>oai_dc</metadataPrefix><schema>${OAI_DC_SCHEMA}</schema><metadataNamespace>${OAI_DC_NS}</metadataNamespace></metadataFormat></ListMetadataFormats>`;
  },
  ListSets: async (site: OaiSite, a: Record<string, string>) => {
    if (a.resumptionToken !== undefined) throw new OaiError('badResumptionToken', MSG.oaiBadResumptionToken);
    const sets = await siteSets(site);
    if (!sets.length) throw new OaiError('noSetHierarchy', MSG.oaiNoSetHierarchy);
    return `<ListSets>${sets.map((s) => `<set><setSpec>${s.spec}</setSpec><setName>${esc(s.name)}</setName></set>`).join('')}</ListSets>`;
  },
  GetRecord: async (site: OaiSite, a: Record<string, string>) => {
    const r = await findRecord(site, a.identifier);
    checkPrefix(a.metadataPrefix);
    const sets = await siteSets(site);
    return `<GetRecord>${recordXml(site, sets, r, true)}</GetRecord>`;
  },
  ListIdentifiers: (site: OaiSite, a: Record<string, string>, now: Date) => list(site, a, now, 'ListIdentifiers'),
  ListRecords: (site: OaiSite, a: Record<string, string>, now: Date) => list(site, a, now, 'ListRecords'),
};
