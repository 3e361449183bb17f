/**
 * Guard ('Done means': "No file outside modules/ names a module type"): what a module type
 * does is a field of its definition (modules/<type>/definition.ts) read through the registry, so the
 * code of app/, server/ and common/ never branches on a module type by name.
 *
 * Pragmatic check: every quoted literal equal to one of the 21 registered type names ('flex', 'notice',
 * …) in a source file of app/, server/ or common/ (tests excepted: their fixtures build modules) is a
 * violation, unless
 * - it has another meaning by its syntax, everywhere: antd's `type="link"` / `variant="link"` and
 *   `display: 'flex'` (IGNORED_CONTEXTS); or
 * - the file and the name are on the allow-list below, which says what the word means in that file.
 *   Sixteen of the names are also resource types (common/constants.ts RESOURCE_TYPES: a stored
 *   resource's `type`, the kind of a `top-{kind}` read of spec 2 §7): `journal` there is a kind of
 *   resource, not the journal module. `notice` and `link` are also the two content lists (the notices and
 *   links tables, modules/types.ts DataListKind) and audited entities; `link`, `iframe` and `carousel`
 *   are also words of HTML, the rich-text editor or a field's value.
 * An entry that no longer matches anything fails too, so the list does not outlive its reasons.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODULE_TYPES, RESOURCE_TYPES, type ResourceType } from '../common/constants';
import type { RegisteredType } from './types';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['app', 'server', 'common'];

/** Syntax where a type name means something else everywhere: removed from a line before the scan. */
const IGNORED_CONTEXTS: RegExp[] = [
  // antd: a link-styled button or typography (`type="link"`, `type={primary ? 'primary' : 'link'}`)
  /\b(?:type|variant)=(?:\{[^}\n]*)?['"]link['"]/g,
  // CSS: a flex box
  /display:\s*['"]flex['"]/g,
];

/** Resource types (RESOURCE_TYPES) that share a module type's name: a stored resource's kind. */
const RESOURCE_KIND = 'resource type (RESOURCE_TYPES / a top-{kind} read), not a module type';

interface Allowed {
  file: string;
  names: RegisteredType[];
  why: string;
}

const ALLOWED: Allowed[] = [
  // a content list's kind ('notice' | 'link', DataListKind) naming its message keys (linkEmpty, noticeDeleted, …)
  { file: 'app/console/content/ListFrame.tsx', names: ['link', 'notice'], why: "contentTexts' prefix of a content list's message keys" },
  { file: 'app/console/content/LinkList.tsx', names: ['link'], why: "contentTexts' prefix of the link list's message keys" },
  { file: 'app/console/content/NoticeList.tsx', names: ['notice'], why: "contentTexts' prefix of the notice list's message keys" },
  { file: 'common/publicApi.ts', names: ['scholar', 'institution'], why: RESOURCE_KIND + ': the type a read group of the public API reads' },
  {
    file: 'server/oai/provider.ts',
    names: ['institution', 'journal'],
    why: "field names of a record read into Dublin Core (a report's 发布机构 → dc:publisher, an article's journal → dc:source)",
  },
  {
    file: 'common/advancedSearch.ts',
    names: ['journal'],
    why: "a field an advanced search row may name (期刊: an article's journal, decision 681)",
  },
  {
    file: 'server/search/literature.ts',
    names: ['institution', 'journal'],
    why: "listing field names the literature analysis counts (an article's institution and journal, decision 712)",
  },
  // a comment's target ('notice' | 'resource' | 'report' | 'wechat' | 'post', common/comments.ts): another vocabulary
  { file: 'common/comments.ts', names: ['notice', 'resource'], why: 'COMMENT_TARGETS, the kinds of page a comment is on' },
  { file: 'server/comments/kind.ts', names: ['notice', 'resource'], why: "a comment target's visitor page" },
  {
    file: 'server/routes/comments/index.ts',
    names: ['notice', 'wechat_article'],
    why: "a comment target, and the resource type a 'wechat' target's record has",
  },
  { file: 'server/db/migrations/042_moderation.ts', names: ['link'], why: "the column of a submission's visitor page link" },
  {
    file: 'common/scholarClaims.ts',
    names: ['fruit', 'book', 'standard', 'sciencedata'],
    why: `${RESOURCE_KIND}: the catalogue types a scholar may claim as research output (decision 654)`,
  },
  {
    file: 'server/submissions/scholarClaim.ts',
    names: ['scholar', 'institution'],
    why: `${RESOURCE_KIND}: a claimed scholar and its institution (decision 650)`,
  },
  { file: 'server/submissions/scholarClaimKind.ts', names: ['scholar'], why: 'the key of a console list field' },
  { file: 'server/submissions/fruitAppealKind.ts', names: ['scholar'], why: 'the key of a console list field' },
  {
    file: 'common/submissions.ts',
    names: ['book', 'policy', 'standard', 'sciencedata', 'news', 'resource'],
    why: `${RESOURCE_KIND}: the catalogue types a reader may recommend, and the type a recommended link is stored as (decision 611)`,
  },
  // declarations of the vocabularies themselves
  {
    file: 'common/constants.ts',
    names: [...MODULE_TYPES],
    why: 'MODULE_TYPES, the one list of module types (the stored config type enum of spec 1 §3 and the registry keys), and RESOURCE_TYPES',
  },
  {
    file: 'common/resourceFields.ts',
    names: ['news', 'policy', 'standard', 'book', 'sciencedata', 'tool', 'job', 'bulletin', 'wechat_article', 'institution', 'link', 'journal'],
    why: `${RESOURCE_KIND}; 'institution', 'link' and 'journal' (an article's journal, as the CSL import stores it) are field names`,
  },
  {
    file: 'common/resourceTypes.ts',
    names: ['institution', 'scholar', 'standard', 'book'],
    why: 'the resource-type registry (decision 450): each resource type declared, its detail page, the CSL types it imports from and cites as',
  },
  { file: 'common/homeConfigSchema.ts', names: ['carousel'], why: "the news module's displayType value 'carousel' (a slide show), not the carousel type" },
  { file: 'common/contracts/banners.ts', names: ['resource', 'notice'], why: 'the kind of content a banner link points at (a resource row or a notice row)' },
  // demo content: the seed composes the demo site's modules (data, not a branch)
  {
    file: 'server/seed/homeConfig.ts',
    names: ['carousel', 'news', 'notice', 'fruit', 'activity', 'scholar', 'journal', 'institution', 'link'],
    why: 'the demo home page, built from each type’s definition defaults',
  },
  { file: 'server/seed/catalogue.ts', names: ['institution', 'scholar', 'journal', 'news'], why: RESOURCE_KIND },
  // the content lists and audited entities named like types
  { file: 'app/console/content/ContentDialogs.tsx', names: ['notice', 'link'], why: 'DataListKind: the notices or the links table' },
  { file: 'app/console/content/ContentPage.tsx', names: ['notice', 'link'], why: 'DataListKind: the notices or the links table' },
  { file: 'app/console/content/DataListHost.tsx', names: ['notice', 'link'], why: 'DataListKind: the notices or the links table' },
  { file: 'app/pages/notice/NoticePage.tsx', names: ['notice'], why: 'the query key of a notice row' },
  {
    file: 'server/audit/rules.ts',
    names: ['notice', 'link', 'resource', 'wechat_article', 'xmodule'],
    why: 'audited entities: notices, links, resources, articles, the custom-component catalogue',
  },
  { file: 'server/audit/snapshot.ts', names: ['notice', 'link', 'resource', 'xmodule'], why: 'audited entities (see server/audit/rules.ts)' },
  { file: 'server/db/migrations/028_audit_log.ts', names: ['resource'], why: "the audit log's column `resource`" },
  {
    file: 'server/routes/modules/schema.ts',
    names: ['notice', 'link', 'tool', 'wechat_article', 'job', 'bulletin'],
    why: "PanelRead['source'] of the panel-read route: the readers, keyed by source",
  },
  { file: 'server/routes/userLinks/index.ts', names: ['link'], why: "the user's topic links, kind 'link' (spec 2 §7 /users/links)" },
  { file: 'server/routes/userLinks/schema.ts', names: ['link'], why: "the user's topic links, kind 'link'" },
  { file: 'server/routes/userLinks/service.ts', names: ['link'], why: "the user's topic links, kind 'link'" },
  { file: 'app/pages/account/topicLinks.ts', names: ['link'], why: "the user's topic links, kind 'link'" },
  // words of HTML, the rich-text editor, a form or a column
  { file: 'app/widgets/richtext/RichTextEditor.tsx', names: ['link'], why: "the editor's link mark and dialog" },
  { file: 'app/widgets/richtext/dialogs.tsx', names: ['link'], why: "the editor's link dialog" },
  { file: 'app/site/SiteFrame.tsx', names: ['link'], why: 'an HTML <link> element' },
  { file: 'server/content/sanitize.ts', names: ['iframe'], why: 'an HTML tag' },
  { file: 'app/signin/OAuthClientsCard.tsx', names: ['link'], why: 'a table column key' },
  { file: 'app/console/tools/ToolsPage.tsx', names: ['tool', 'link'], why: `${RESOURCE_KIND}; 'link' is the tool's field` },
  { file: 'app/console/jobs/JobsPage.tsx', names: ['job', 'institution'], why: `${RESOURCE_KIND}; 'institution' is the job's field` },
  { file: 'app/console/wechats/WechatArticlesPage.tsx', names: ['wechat_article'], why: RESOURCE_KIND },
  { file: 'app/console/resources/ResourcesPage.tsx', names: ['news'], why: RESOURCE_KIND },
  { file: 'app/console/topics/TopicDataPage.tsx', names: ['news'], why: RESOURCE_KIND },
  { file: 'app/console/logs/AuditLogsPage.tsx', names: ['resource'], why: "the audit log's filter and column `resource`" },
  { file: 'app/account/AccountCards.tsx', names: ['institution'], why: "the scholar's field" },
  { file: 'app/pages/visitor/fields.ts', names: ['institution', 'link'], why: 'field names of resources' },
  { file: 'app/pages/explore/ResourceDetailPage.tsx', names: ['resource'], why: "'resource' is a query key" },
  {
    file: 'app/pages/dds/DdsPage.tsx',
    names: ['journal', 'resource'],
    why: "a citation's journal field; 'resource' is the query key of the record a request comes from",
  },
  { file: 'server/db/migrations/048_dds.ts', names: ['journal'], why: "the column of a requested text's journal (a citation field)" },
  { file: 'app/pages/explore/ScholarProfilePage.tsx', names: ['scholar', 'resource', 'institution'], why: `${RESOURCE_KIND}; 'resource' is a query key` },
  { file: 'app/pages/feeds/BulletinPage.tsx', names: ['bulletin'], why: RESOURCE_KIND },
  { file: 'app/pages/feeds/JobPage.tsx', names: ['job'], why: RESOURCE_KIND },
  { file: 'app/pages/feeds/WechatMaterialPage.tsx', names: ['wechat_article'], why: RESOURCE_KIND },
  { file: 'app/pages/recommendation/JournalRows.tsx', names: ['journal'], why: RESOURCE_KIND },
  { file: 'app/pages/recommendation/TopicJournalsPage.tsx', names: ['journal'], why: RESOURCE_KIND },
  { file: 'server/citations/csl.ts', names: ['journal'], why: "a field of a citation (an article's journal)" },
  { file: 'server/db/migrations/007_xmodule_catalogue.ts', names: ['link'], why: "a frozen catalogue field named 'link'" },
  { file: 'server/import/conferences.ts', names: ['link'], why: "an imported column named 'link'" },
  { file: 'server/import/institutions.ts', names: ['institution'], why: RESOURCE_KIND },
  { file: 'server/import/journals.ts', names: ['journal'], why: RESOURCE_KIND },
  { file: 'server/import/run.ts', names: ['institution', 'scholar', 'journal', 'link'], why: `${RESOURCE_KIND}; 'link' is a conference CSV column` },
  { file: 'server/import/scholars.ts', names: ['institution', 'scholar'], why: RESOURCE_KIND },
  { file: 'server/reads/feeds.ts', names: ['wechat_article', 'job', 'bulletin'], why: RESOURCE_KIND },
  { file: 'server/feeds/urls.ts', names: ['job'], why: `${RESOURCE_KIND}: the jobs pages' feed (the registry declares no list page for jobs)` },
  { file: 'server/reads/tools.ts', names: ['tool'], why: RESOURCE_KIND },
  { file: 'server/resources/suggest.ts', names: ['institution'], why: 'a field name' },
  { file: 'server/routes/account/service.ts', names: ['scholar'], why: RESOURCE_KIND },
  { file: 'server/routes/banners/index.ts', names: ['notice', 'resource'], why: 'the kind of content a banner link points at' },
  { file: 'server/routes/banners/schema.ts', names: ['resource', 'notice', 'scholar'], why: `the kind of content a banner link points at; ${RESOURCE_KIND}` },
  { file: 'server/routes/headline/service.ts', names: ['news'], why: RESOURCE_KIND },
  { file: 'server/routes/institutions/service.ts', names: ['institution', 'scholar'], why: RESOURCE_KIND },
  { file: 'server/routes/map/service.ts', names: ['institution', 'scholar'], why: RESOURCE_KIND },
  { file: 'app/pages/map/MapPage.tsx', names: ['institution'], why: RESOURCE_KIND },
  { file: 'server/routes/modules/index.ts', names: ['book', 'scholar'], why: RESOURCE_KIND },
  { file: 'server/routes/personal/schema.ts', names: ['journal'], why: RESOURCE_KIND },
  { file: 'server/routes/resources/service.ts', names: ['journal'], why: RESOURCE_KIND },
  { file: 'server/routes/signin/index.ts', names: ['institution'], why: 'a field of the sealed login info (spec 1 §6)' },
  { file: 'server/routes/wechats/service.ts', names: ['wechat_article'], why: RESOURCE_KIND },
];

interface Hit {
  file: string;
  line: number;
  name: RegisteredType;
  text: string;
}

const NAME_LITERAL = new RegExp(`(['"\`])(${MODULE_TYPES.join('|')})\\1`, 'g');

/**
 * The type-name literals of one source text (comments and IGNORED_CONTEXTS left out). Pure, so a
 * planted line can be checked on its own.
 */
function typeNameLiterals(file: string, source: string): Hit[] {
  const hits: Hit[] = [];
  source.split('\n').forEach((line, i) => {
    const t = line.trim();
    if (t.startsWith('*') || t.startsWith('//') || t.startsWith('/*')) return;
    let code = line.replace(/\s\/\/\s.*$/, '');
    for (const re of IGNORED_CONTEXTS) code = code.replace(re, '');
    for (const m of code.matchAll(NAME_LITERAL)) hits.push({ file, line: i + 1, name: m[2] as RegisteredType, text: t });
  });
  return hits;
}

/** The hits the allow-list does not cover. */
function violations(hits: Hit[], allowed: Allowed[] = ALLOWED): Hit[] {
  return hits.filter((h) => !allowed.some((a) => a.file === h.file && a.names.includes(h.name)));
}

/** Generated files (the API types of `npm run generate:api` repeat the routes' enums): not code anyone writes. */
const GENERATED = new Set(['apiSchema.ts']);

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) yield* sources(p);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') && !GENERATED.has(entry)) yield p;
  }
}

const allHits = (): Hit[] =>
  SCANNED.flatMap((top) =>
    [...sources(path.join(ROOT, top))].flatMap((f) => typeNameLiterals(path.relative(ROOT, f).split(path.sep).join('/'), readFileSync(f, 'utf8'))),
  );

describe('module type names outside modules/', () => {
  const hits = allHits();

  it('no source of app/, server/ or common/ names a module type, but for the listed other meanings', () => {
    expect(violations(hits).map((h) => `${h.file}:${h.line} '${h.name}': ${h.text}`)).toEqual([]);
  });

  it('every allow-list entry still matches what it allows', () => {
    const stale = ALLOWED.flatMap((a) => a.names.filter((n) => !hits.some((h) => h.file === a.file && h.name === n)).map((n) => `${a.file} '${n}'`));
    expect(stale).toEqual([]);
  });

  it('fails on a planted branch on a module type, and ignores the other meanings', () => {
    const planted = [
      "if (module.type === 'flex') return null;",
      "const nav = modules.filter((m) => m.type !== 'link');",
      'switch (m.type) {\n  case "notice":\n    break;\n}',
      "const kinds = new Set(['notice', 'resource']);",
    ].join('\n');
    const found = violations(typeNameLiterals('app/site/HomeGrid.tsx', planted));
    expect(found.map((h) => h.name)).toEqual(['flex', 'link', 'notice', 'notice', 'resource']);
    // the same words in another meaning: antd, CSS, a comment
    const other = [
      '<Button type="link">更多</Button>',
      "<Button type={primary ? 'primary' : 'link'} />",
      "style={{ display: 'flex' }}",
      "// 'flex' is a container",
    ].join('\n');
    expect(typeNameLiterals('app/site/HomeGrid.tsx', other)).toEqual([]);
    // an allowed file allows only its listed names
    expect(violations(typeNameLiterals('app/pages/feeds/JobPage.tsx', "useResource('job', id); if (m.type === 'flex') {}")).map((h) => h.name)).toEqual([
      'flex',
    ]);
  });
});

/**
 * Guard (decision 451): what a resource type does is a property of its declaration in the resource-type
 * registry (common/resourceTypes.ts), so no source of app/, modules/, server/ or common/ compares a value
 * with a resource type's name (`=== 'scholar'`, `!== 'journal'`, `case 'report':`). Naming a type to
 * read or write its records (`useResource('scholar', id)`, `.where('type', '=', 'institution')`, an
 * importer's `type: 'journal'`) is not a comparison and is not flagged. Tests are excepted (fixtures).
 * A comparison whose word has another meaning is allowed by file and name below; an entry that no longer
 * matches fails, as above.
 */
const RESOURCE_SCANNED = ['app', 'modules', 'server', 'common'];
const RESOURCE_REGISTRY_FILE = 'common/resourceTypes.ts';

interface AllowedComparison {
  file: string;
  names: ResourceType[];
  why: string;
}

const ALLOWED_COMPARISONS: AllowedComparison[] = [
  {
    file: 'server/comments/kind.ts',
    names: ['notice', 'report', 'resource'],
    why: "a comment's target (common/comments.ts COMMENT_TARGETS), not a resource type",
  },
  {
    file: 'server/routes/comments/index.ts',
    names: ['notice', 'report'],
    why: "a comment's target (COMMENT_TARGETS); a 'report' target is a record of the report type",
  },
  { file: 'app/console/content/ContentDialogs.tsx', names: ['notice'], why: 'DataListKind: the notices or the links table, not a resource type' },
  {
    file: 'server/routes/banners/index.ts',
    names: ['notice'],
    why: "the kind of content a banner link points at ('notice' | 'resource'), not a resource type",
  },
];

const RESOURCE_NAMES = RESOURCE_TYPES.join('|');
/** `=== 'x'`, `!== 'x'`, `'x' ===`, `'x' !==`, `case 'x':` (any quote; a comparison may break across lines). */
const COMPARISON = new RegExp(
  `(?:[!=]==?\\s*(['"\`])(${RESOURCE_NAMES})\\1)|(?:(['"\`])(${RESOURCE_NAMES})\\3\\s*[!=]==?)|(?:\\bcase\\s+(['"\`])(${RESOURCE_NAMES})\\5\\s*:)`,
  'g',
);

interface Comparison {
  file: string;
  line: number;
  name: ResourceType;
}

/** The comparisons with a resource type's name in one source text (comment lines and end-of-line comments left out). Pure. */
function resourceComparisons(file: string, source: string): Comparison[] {
  const code = source
    .split('\n')
    .map((line) => {
      const t = line.trim();
      return t.startsWith('*') || t.startsWith('//') || t.startsWith('/*') ? '' : line.replace(/\s\/\/\s.*$/, '');
    })
    .join('\n');
  return [...code.matchAll(COMPARISON)].map((m) => ({
    file,
    line: code.slice(0, m.index).split('\n').length,
    name: (m[2] ?? m[4] ?? m[6]) as ResourceType,
  }));
}

/** The comparisons the allow-list does not cover (the registry itself declares the types). */
function comparisonViolations(found: Comparison[], allowed: AllowedComparison[] = ALLOWED_COMPARISONS): Comparison[] {
  return found.filter((c) => c.file !== RESOURCE_REGISTRY_FILE && !allowed.some((a) => a.file === c.file && a.names.includes(c.name)));
}

const allComparisons = (): Comparison[] =>
  RESOURCE_SCANNED.flatMap((top) =>
    [...sources(path.join(ROOT, top))].flatMap((f) => resourceComparisons(path.relative(ROOT, f).split(path.sep).join('/'), readFileSync(f, 'utf8'))),
  );

describe('resource type comparisons outside the resource-type registry (decision 451)', () => {
  const found = allComparisons();

  it('no source of app/, modules/, server/ or common/ compares with a resource type name, but for the listed other meanings', () => {
    const lines = (c: Comparison) => readFileSync(path.join(ROOT, c.file), 'utf8').split('\n')[c.line - 1].trim();
    expect(comparisonViolations(found).map((c) => `${c.file}:${c.line} '${c.name}': ${lines(c)}`)).toEqual([]);
  });

  it('every allow-list entry still matches what it allows', () => {
    const stale = ALLOWED_COMPARISONS.flatMap((a) =>
      a.names.filter((n) => !found.some((c) => c.file === a.file && c.name === n)).map((n) => `${a.file} '${n}'`),
    );
    expect(stale).toEqual([]);
  });

  it('fails on a planted comparison on a resource type, and passes reads and declarations', () => {
    const planted = [
      "if (it.type === 'scholar') return profile;",
      "const own = type !== 'report' ? a : b;",
      'switch (r.type) {\n  case "conference":\n    break;\n}',
      "if ('journal' === kind) mark();",
      "const x = kind ===\n  'article';",
    ].join('\n');
    const found = comparisonViolations(resourceComparisons('server/routes/x.ts', planted));
    expect(found.map((c) => [c.name, c.line])).toEqual([
      ['scholar', 1],
      ['report', 2],
      ['conference', 4],
      ['journal', 7],
      ['article', 8],
    ]);
    const reads = [
      "const q = useResource('scholar', id);",
      ".where('type', '=', 'institution')",
      "items.push({ type: 'journal', title });",
      "// if (t === 'report') in a comment",
      'const same = a.type === b.type;',
    ].join('\n');
    expect(resourceComparisons('server/routes/x.ts', reads)).toEqual([]);
    // the registry declares the types; an allowed file allows only its listed names
    expect(comparisonViolations(resourceComparisons(RESOURCE_REGISTRY_FILE, "if (t === 'notice') {}"))).toEqual([]);
    expect(comparisonViolations(resourceComparisons('server/routes/banners/index.ts', "kind === 'notice' || t === 'news'")).map((c) => c.name)).toEqual([
      'news',
    ]);
  });
});
