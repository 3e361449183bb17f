/**
 * The resource-type registry (decision 450): what each resource type (common/constants.ts
 * RESOURCE_TYPES, spec 1 §3 'Users, resource types, actions') is and does, declared once, as a typed
 * map so that a type without a declaration does not compile: its detail page, its search facets, how a
 * reference file imports into it, how it is cited, and the few behaviours that set a type apart (a
 * scholar's profile page, a journal's subscriptions, an institution's scholars, …). The code of app/,
 * modules/ and server/ reads these properties instead of comparing a type with a name (the guard:
 * modules/typeNames.test.ts 'resource type comparisons', decision 451). Pure: no React, no Node.
 *
 * Two parts of a type live beside it, each a Record over every resource type too (so a new type compiles
 * only with them): its Chinese name, RESOURCE_TYPE_LABELS in common/constants.ts (the field specs take
 * it from there), and its editable fields, RESOURCE_TYPE_SPECS in common/resourceFields.ts. The fields
 * are zod schemas, and this file is read by the visitor's home page (modules/kit/links.ts,
 * modules/rules.ts), whose bundle must stay small (decision 254; e2e/reports.test.ts 'home stays under
 * 150 KB'); its messages are the site's (SITE_MSG) for the same reason. The facets, the import and
 * citation mappings declared here are read by common/searchFacets.ts, server/import/citations.ts and
 * server/citations/csl.ts.
 */
import { RESOURCE_TYPE_LABELS, RESOURCE_TYPES, TOP_JOURNAL_DEFAULT_COUNT, type ResourceType } from './constants.js';
import { REPORTS_HREF, reportHref, reportTypeOfGenre } from './reports.js';
import type { FieldFacet } from './searchFacets.js';
import { SITE_MSG as MSG } from './siteMessages.js';

/**
 * Where one record of the type is shown:
 * - 'explore': /microapp/explore/resources/{type}/{id} (the resource detail page);
 * - 'profile': a person's page, /microapp/profile/{id} (the explore address redirects there);
 * - 'reports': the reports' pages, /microapp/report/detail/{id} (spec 1 §2 'Reports', decision 303);
 * - 'notices': a row of the notices list, /resources/notices/{id}.
 * (Not named after a type, so that a comparison with a value here is never one with a type's name.)
 */
export type DetailPage = 'explore' | 'profile' | 'reports' | 'notices';

/** The explore page's facets of a type (decision 263): the category tree's title and the field facets. */
export interface ResourceFacets {
  /** the title of the type's category tree facet; absent: MSG.facetCategory */
  category?: string;
  /** facets over one listing field each (none: only the category tree) */
  fields?: readonly FieldFacet[];
}

/** How a record of the type is cited (CSL-JSON, server/citations/csl.ts; decisions 270-273). */
export interface ResourceCitation {
  /** the CSL item type; absent: 'webpage' ([EB/OL] in GB/T 7714) */
  csl?: string;
  /** fields naming the organisation cited as the author when no person is named, first found wins */
  organisation?: readonly string[];
  /** true: the year field (`publish_year`, `year`) is the issued date even beside a full date (an article's date may be the site's 发布日期); a year or year-month of that year kept by an import is cited as it is (decision 510) */
  yearWins?: boolean;
  /** fields read for the publisher after `publisher` (a report's issuing institution) */
  publisherFrom?: readonly string[];
  /** fields read for the CSL genre (a report's 报告类型, which BibTeX writes as `type` and RIS as `M3`) */
  genreFrom?: readonly string[];
}

/** How a BibTeX or RIS entry becomes a record of the type (server/import/citations.ts; decision 274). */
export interface ResourceImport {
  /** the CSL item types read as this type (every CSL type no type names is an article) */
  fromCsl: readonly string[];
  /** true: the authors are stored as one text joined by 、 and the year also as `year`, as the console edits books */
  asConsoleEdits?: boolean;
  /** the field a CSL `number` is stored in (a standard's or a patent's number); absent: not stored */
  numberField?: string;
  /** the field a CSL `publisher` is stored in (a report's issuing institution, 发布机构); absent: `publisher` */
  publisherField?: string;
  /** a field every imported record gets, from the CSL `genre` (a report's 报告类型, required by its form; decision 511) */
  genreField?: { name: string; of: (genre: string | null) => string };
}

/** One resource type's declaration. */
export interface ResourceTypeDefinition {
  type: ResourceType;
  /** Chinese name (pages, tabs, options): common/constants.ts RESOURCE_TYPE_LABELS */
  label: string;
  /** where one record is shown ({@link DetailPage}) */
  detail: DetailPage;
  /** the type's own visitor list page, the generic more link of its panel tab (reports: /microapp/report); absent: the panel's */
  listHref?: string;
  facets: ResourceFacets;
  /** absent: not read from reference files */
  import?: ResourceImport;
  citation: ResourceCitation;
  /** offered as a 检索范围 of the search-box custom component (server/routes/xmodules); absent: true */
  searchScope?: boolean;
  /** a visitor may subscribe to its records: reads mark `is_subscribed` for a signed-in user (spec 1 §3 'Journal') */
  subscribable?: boolean;
  /** the count of a v4 top-{kind} read that gives none (spec 2 §7 'Subscriptions', decision 152); absent: 8 */
  topV4Count?: number;
  /** its records belong to a record of that type, named by `fields.institution` and linked by `fields.institutionId` */
  memberOf?: ResourceType;
  /** its records have members of that type, listed on the detail page (an institution's scholars) */
  members?: ResourceType;
  /** an event: a panel row shows its date range and its place (conferences); absent: a person and a date */
  event?: boolean;
  /** the count share of a research-output panel with three types, single and two columns (spec 2 §9); absent: [3, 6] */
  outputShare?: readonly [number, number];
  /** a research output: counted for an institution that its fields name (server/routes/institutions) */
  researchOutput?: boolean;
  /** its panels take recommendations first for a signed-in user when the module asks (spec 1 §4; modules/kit/topUp.ts) */
  recommended?: boolean;
  /** the topic data page's filter on one stored field: its query parameter and the field (spec 2 §2) */
  topicFilter?: { param: 'reportType' | 'account'; field: string };
}

/** What a type declares besides its name and label (common/constants.ts RESOURCE_TYPE_LABELS). */
type Declared = Omit<ResourceTypeDefinition, 'type' | 'label'>;

const WEB: ResourceCitation = {};

/** The declarations, one per resource type (the same order as RESOURCE_TYPES). */
const DECLARED: Record<ResourceType, Declared> = {
  article: {
    detail: 'explore',
    facets: { category: MSG.facetDiscipline },
    import: { fromCsl: ['article-journal', 'article', 'thesis', 'paper-conference'] },
    citation: { csl: 'article-journal', yearWins: true },
    researchOutput: true,
  },
  news: { detail: 'explore', facets: {}, import: { fromCsl: ['webpage'] }, citation: { organisation: ['source'] } },
  patent: { detail: 'explore', facets: {}, import: { fromCsl: ['patent'], numberField: 'patent_no' }, citation: { csl: 'patent' }, researchOutput: true },
  project: { detail: 'explore', facets: {}, citation: WEB },
  scholar: {
    detail: 'profile',
    // CSRankings files a scholar under country → affiliation, a hand-made catalogue under research areas
    facets: { category: MSG.facetCategory, fields: [{ key: 'country', field: 'country', label: MSG.facetCountry }] },
    citation: WEB,
    memberOf: 'institution',
    recommended: true,
  },
  report: {
    detail: 'reports',
    listHref: REPORTS_HREF,
    facets: {},
    import: { fromCsl: ['report'], publisherField: 'institution', genreField: { name: 'reportType', of: reportTypeOfGenre } },
    citation: { csl: 'report', publisherFrom: ['institution'], genreFrom: ['reportType'] },
    outputShare: [2, 4],
    researchOutput: true,
    topicFilter: { param: 'reportType', field: 'reportType' },
  },
  institution: {
    detail: 'explore',
    facets: {
      category: MSG.facetCategory,
      fields: [
        { key: 'province', field: 'province', label: MSG.facetProvince },
        { key: 'level', field: 'level', label: MSG.facetLevel },
      ],
    },
    citation: WEB,
    members: 'scholar',
  },
  journal: {
    detail: 'explore',
    facets: {
      category: MSG.facetSubject,
      fields: [
        { key: 'partition', field: 'partition', label: MSG.facetPartition, valueLabel: (v) => (/^[1-4]$/.test(v) ? MSG.facetPartitionValue(v) : v) },
        { key: 'ccf', field: 'ccf_rank', label: MSG.facetCcf },
      ],
    },
    citation: WEB,
    subscribable: true,
    recommended: true,
    topV4Count: TOP_JOURNAL_DEFAULT_COUNT,
  },
  conference: {
    detail: 'explore',
    facets: {
      category: MSG.facetField,
      fields: [
        { key: 'rank', field: 'rank_ccf', label: MSG.facetCcf, valueLabel: (v) => (v === 'N' ? MSG.facetCcfNone : v) },
        { key: 'year', field: 'year', label: MSG.facetYear },
      ],
    },
    citation: { csl: 'paper-conference', organisation: ['organizer'] },
    event: true,
  },
  standard: { detail: 'explore', facets: {}, import: { fromCsl: ['standard'], numberField: 'standard_no' }, citation: { csl: 'standard' } },
  policy: { detail: 'explore', facets: {}, citation: { organisation: ['issuer'] } },
  book: { detail: 'explore', facets: {}, import: { fromCsl: ['book'], asConsoleEdits: true }, citation: { csl: 'book' } },
  sciencedata: { detail: 'explore', facets: {}, citation: { csl: 'dataset', organisation: ['publisher'] } },
  fruit: { detail: 'explore', facets: {}, citation: WEB },
  activity: { detail: 'explore', facets: {}, citation: WEB },
  notice: { detail: 'notices', facets: {}, citation: WEB, searchScope: false },
  resource: { detail: 'explore', facets: {}, citation: WEB, searchScope: false },
  tool: { detail: 'explore', facets: {}, citation: WEB },
  bulletin: { detail: 'explore', facets: {}, citation: WEB },
  job: { detail: 'explore', facets: {}, citation: WEB },
  wechat_article: {
    detail: 'explore',
    facets: {},
    citation: { organisation: ['account', 'source'] },
    topicFilter: { param: 'account', field: 'wechatId' },
  },
};

/** Every resource type's definition (decision 450), keyed by type. */
export const RESOURCE_TYPE_REGISTRY: { readonly [T in ResourceType]: ResourceTypeDefinition & { type: T } } = Object.fromEntries(
  RESOURCE_TYPES.map((type) => [type, { type, label: RESOURCE_TYPE_LABELS[type], ...DECLARED[type] }]),
) as { [T in ResourceType]: ResourceTypeDefinition & { type: T } };

/** The definition of a resource type, or undefined for a string that is not one (a URL segment, a stored type). */
export function resourceTypeOf(type: unknown): ResourceTypeDefinition | undefined {
  return typeof type === 'string' && Object.hasOwn(RESOURCE_TYPE_REGISTRY, type) ? RESOURCE_TYPE_REGISTRY[type as ResourceType] : undefined;
}

/** The resource types whose definition satisfies `test`, in RESOURCE_TYPES order. */
export function resourceTypesWhere(test: (d: ResourceTypeDefinition) => boolean): ResourceType[] {
  return RESOURCE_TYPES.filter((t) => test(RESOURCE_TYPE_REGISTRY[t]));
}

/** A person's page: /microapp/profile/{id} (the detail page of a 'profile' type). */
export const profileHref = (id: string | number): string => `/microapp/profile/${encodeURIComponent(String(id))}`;

/**
 * The address a panel links one record to (spec 1 §2 'Links the panels produce'): a report's page, a
 * notice's page, else the resource detail page /microapp/explore/resources/{type}/{id} (a profile type's
 * redirects to its profile). A type not in the registry takes the resource detail page.
 */
export function resourceHref(type: string, id: string | number): string {
  const seg = encodeURIComponent(String(id));
  switch (resourceTypeOf(type)?.detail) {
    case 'reports':
      return reportHref(id);
    case 'notices':
      return `/resources/notices/${seg}`;
    default:
      return `/microapp/explore/resources/${encodeURIComponent(type)}/${seg}`;
  }
}

/** Where a record's own page is: a profile type's profile directly, else {@link resourceHref}. */
export function resourceDetailHref(type: string, id: string | number): string {
  return resourceTypeOf(type)?.detail === 'profile' ? profileHref(id) : resourceHref(type, id);
}
