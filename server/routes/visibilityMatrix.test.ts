/**
 * The visibility matrix (docs/architecture.md §Access down to the row; decision 394), beside the role
 * matrix: hidden rows of every kind × every read route that declares the row rules `resources` or `site`
 * × the personas that must not see them, asking by id, by topic (id and title), by application, by search,
 * by suggestion and by export. Every hidden row carries 隐秘 in its title and every row that may be shown
 * carries 公开, so an answer that holds 隐秘 is a leak, and each route must show a 公开 row to at least one
 * probe (a route that answered 404 to everything would prove nothing).
 * Hidden rows: a record of each type withdrawn in a released site's topic (a report draft and a withdrawn
 * WeChat article among them), a record of each type published only in a draft's topic, a record linked to
 * no topic, an unpublished notice, a draft site's notices and links, a 仅登录可见 panel's notice and link.
 * Every route must have a row rule (declared, or implied by its access), and every route whose rule is
 * `resources` or `site` must be probed here: a new read route cannot slip in without a rule and a probe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs, createTestContext, releaseApplication, type Client, type TestContext } from '../test/harness.js';
import { ensureTopic, upsertResources } from '../resources/store.js';
import { definitionOf } from '../../modules/registry.js';
import type { ResourceType } from '../../common/constants.js';
import { impliedRows } from '../policies/rows.js';
import { resourceDetailHref } from '../../common/resourceTypes.js';

const HIDDEN = '隐秘';
const SHOWN = '公开';
const PERSONAS = ['anonymous', 'fingerprint', 'plainUser', 'otherManager'] as const;
type Persona = (typeof PERSONAS)[number];

/** The record types the probes read, with the route kinds that read them. */
const TYPES = [
  'article',
  'scholar',
  'journal',
  'conference',
  'institution',
  'report',
  'policy',
  'book',
  'news',
  'job',
  'bulletin',
  'wechat_article',
  'tool',
] as const satisfies readonly ResourceType[];
type Kind = (typeof TYPES)[number];

interface Fixture {
  released: { appId: number; topicId: number; topicTitle: string; host: string };
  draft: { appId: number; topicId: number; topicTitle: string; host: string };
  /** per type: the record shown in the released site, and the hidden ones */
  shown: Record<Kind, number>;
  withdrawn: Record<Kind, number>;
  draftOnly: Record<Kind, number>;
  orphan: number;
  notices: { shown: number; unpublished: number; loginOnly: number; draftSite: number };
  links: { shown: number; loginOnly: number; draftSite: number };
}

let ctx: TestContext;
let fx: Fixture;
/** communities (decisions 620-629): one of the released site, one of the draft site */
let communities: { shown: number; draftSite: number };
let admin: Client;
const clients = {} as Record<Persona, Client>;

/** One request of a probe: its URL (and POST body), for a route pattern. */
interface Probe {
  method?: 'GET' | 'POST';
  url: string;
  body?: unknown;
  /** the Host header, for the routes answered per site by host (feeds, sitemaps, OAI-PMH) */
  host?: string;
  /**
   * for an answer that lists addresses, not titles (a sitemap): texts that mark a shown row and a
   * hidden one (its address), beside the 公开 / 隐秘 of the titles
   */
  marks?: { shown: string[]; hidden: string[] };
}
type Probes = (f: Fixture) => Probe[];

const q = (s: string) => encodeURIComponent(s);
const ids = (rec: Record<Kind, number>, kinds: readonly Kind[] = TYPES) => kinds.map((k) => rec[k]);
const TOP: Kind[] = ['article', 'scholar', 'journal', 'conference', 'institution', 'report', 'policy', 'book', 'news'];

/**
 * The probes of every read route with the row rule `resources` or `site`: each asks for hidden rows in
 * every way the route allows, and the shown ones beside them.
 */
const PROBES: Record<string, Probes> = {
  // 学者认证与成果认领 (server/routes/scholarClaims; decisions 650-656): a hidden scholar or output answers 404
  'GET /api/v1/scholars/:id/verification': (f) =>
    [f.shown.scholar, f.withdrawn.scholar, f.draftOnly.scholar].map((id) => ({ url: `/api/v1/scholars/${id}/verification?applicationId=${f.released.appId}` })),
  'GET /api/v1/outputs/:id/authors': (f) =>
    [f.shown.article, f.withdrawn.article, f.draftOnly.article, f.orphan].map((id) => ({
      url: `/api/v1/outputs/${id}/authors?applicationId=${f.released.appId}`,
    })),
  'GET /api/v1/resources/:type/:id': (f) =>
    TYPES.flatMap((t) => [f.shown[t], f.withdrawn[t], f.draftOnly[t]].map((id) => ({ url: `/api/v1/resources/${t}/${id}` }))).concat([
      { url: `/api/v1/resources/article/${f.orphan}` },
    ]),
  // document delivery (server/routes/dds; decision 607): a record of the site's catalogue fills the citation
  'GET /api/v1/dds/lookup': (f) =>
    TYPES.flatMap((t) =>
      [f.shown[t], f.withdrawn[t], f.draftOnly[t]].flatMap((id) => [
        { url: `/api/v1/dds/lookup?applicationId=${f.released.appId}&resourceId=${id}` },
        { url: `/api/v1/dds/lookup?applicationId=${f.draft.appId}&resourceId=${id}` },
      ]),
    ).concat([{ url: `/api/v1/dds/lookup?applicationId=${f.released.appId}&resourceId=${f.orphan}` }]),
  // a request from a detail page names its record: refused for a hidden one (the form sends the title it was shown)
  'POST /api/v1/dds': (f) => [
    { method: 'POST', url: '/api/v1/dds', body: { applicationId: f.released.appId, resourceId: f.shown.article, title: `${SHOWN}请求` } },
    ...[f.withdrawn.article, f.draftOnly.article, f.orphan].map((id) => ({
      method: 'POST' as const,
      url: '/api/v1/dds',
      body: { applicationId: f.released.appId, resourceId: id, title: '请求' },
    })),
  ],
  'GET /api/v1/resources/:type/:id/citation': (f) =>
    TYPES.flatMap((t) => [f.shown[t], f.withdrawn[t], f.draftOnly[t]].map((id) => ({ url: `/api/v1/resources/${t}/${id}/citation?format=ris` }))),
  'GET /api/v1/citations': (f) => [
    { url: `/api/v1/citations?format=bibtex&ids=${[...ids(f.shown), ...ids(f.withdrawn), ...ids(f.draftOnly), f.orphan].join(',')}` },
    { url: `/api/v1/citations?format=ris&ids=${[...ids(f.withdrawn), ...ids(f.draftOnly)].join(',')}` },
  ],
  'GET /api/v1/search': (f) => [
    { url: `/api/v1/search?q=${q(HIDDEN)}` },
    { url: `/api/v1/search?q=${q(SHOWN)}` },
    ...TYPES.map((t) => ({ url: `/api/v1/search?q=&type=${t}` })),
    { url: `/api/v1/search?q=${q(HIDDEN)}&topicId=${f.draft.topicId}` },
    { url: `/api/v1/search?q=&type=article&topicId=${f.draft.topicId}` },
    { url: `/api/v1/search?q=${q(HIDDEN)}&applicationId=${f.draft.appId}` },
    { url: `/api/v1/search?q=${q(HIDDEN)}&applicationId=${f.released.appId}` },
    { url: `/api/v1/search?q=${q(SHOWN)}&applicationId=${f.released.appId}` },
  ],
  'GET /api/v1/literature': (f) => [
    { url: `/api/v1/literature?q=${q(HIDDEN)}` },
    { url: `/api/v1/literature?q=${q(SHOWN)}` },
    ...TYPES.map((t) => ({ url: `/api/v1/literature?q=&type=${t}` })),
    { url: `/api/v1/literature?q=${q(HIDDEN)}&topicId=${f.draft.topicId}` },
    { url: `/api/v1/literature?q=${q(HIDDEN)}&applicationId=${f.draft.appId}` },
    { url: `/api/v1/literature?q=${q(HIDDEN)}&applicationId=${f.released.appId}` },
  ],
  'GET /api/v1/search/advanced': (f) => [
    { url: `/api/v1/search/advanced?q=${q(HIDDEN)}` },
    { url: `/api/v1/search/advanced?c=${q(`AND.title.${HIDDEN}`)}` },
    { url: `/api/v1/search/advanced?c=${q(`AND.any.${SHOWN}`)}&c=${q(`OR.title.${HIDDEN}`)}` },
    { url: `/api/v1/search/advanced?q=${q(HIDDEN)}&topicId=${f.draft.topicId}` },
    { url: `/api/v1/search/advanced?q=${q(HIDDEN)}&applicationId=${f.draft.appId}` },
    { url: `/api/v1/search/advanced?q=${q(HIDDEN)}&applicationId=${f.released.appId}` },
  ],
  'POST /api/v3/modules/top-:kind': (f) =>
    TOP.flatMap((k) => [
      { method: 'POST' as const, url: `/api/v3/modules/top-${k}`, body: { count: 50 } },
      { method: 'POST' as const, url: `/api/v3/modules/top-${k}`, body: { count: 50, topicId: f.released.topicId } },
      { method: 'POST' as const, url: `/api/v3/modules/top-${k}`, body: { count: 50, topicId: f.draft.topicId } },
      { method: 'POST' as const, url: `/api/v3/modules/top-${k}`, body: { count: 50, topicName: f.draft.topicTitle } },
    ]),
  'POST /api/v4/modules/top-:kind': (f) => [
    { method: 'POST', url: '/api/v4/modules/top-journal', body: {} },
    { method: 'POST', url: '/api/v4/modules/top-journal', body: { topicId: f.draft.topicId } },
    { method: 'POST', url: '/api/v4/modules/top-scholar', body: { topicName: f.released.topicTitle, count: 50 } },
  ],
  'POST /api/v1/modules/top-monographs': (f) => [
    { method: 'POST', url: '/api/v1/modules/top-monographs', body: { count: 50 } },
    { method: 'POST', url: '/api/v1/modules/top-monographs', body: { count: 50, topicId: f.draft.topicId } },
  ],
  'POST /api/v2/modules/top-monographs': (f) => [
    { method: 'POST', url: '/api/v2/modules/top-monographs', body: { count: 50, topicId: f.released.topicId } },
    { method: 'POST', url: '/api/v2/modules/top-monographs', body: { count: 50, topicName: f.draft.topicTitle } },
  ],
  'GET /api/v1/modules/top-scholar/suggestions': () => [
    { url: `/api/v1/modules/top-scholar/suggestions?q=${q(HIDDEN)}` },
    { url: `/api/v1/modules/top-scholar/suggestions?q=${q(SHOWN)}` },
  ],
  'POST /api/v1/resources/conferences/suggestions': () => [
    { method: 'POST', url: '/api/v1/resources/conferences/suggestions', body: { q: HIDDEN } },
    { method: 'POST', url: '/api/v1/resources/conferences/suggestions', body: { q: SHOWN } },
  ],
  'POST /api/v3/resources/journal': () => [
    { method: 'POST', url: '/api/v3/resources/journal', body: { q: HIDDEN } },
    { method: 'POST', url: '/api/v3/resources/journal', body: { q: SHOWN } },
    { method: 'POST', url: '/api/v3/resources/journal', body: { issn: 'hidden-withdrawn-journal' } },
    { method: 'POST', url: '/api/v3/resources/journal', body: { issn: 'hidden-draft-journal' } },
  ],
  'GET /api/v1/modules/top-wechat-article': () => [{ url: '/api/v1/modules/top-wechat-article?wechatId=gh_matrix&pageSize=50' }],
  'GET /api/v1/modules/top-job': (f) => [
    { url: '/api/v1/modules/top-job?pageSize=50' },
    { url: `/api/v1/modules/top-job?pageSize=50&topicId=${f.released.topicId}` },
    { url: `/api/v1/modules/top-job?pageSize=50&topicId=${f.draft.topicId}` },
  ],
  'GET /api/v1/modules/top-bulletin': (f) => [
    { url: '/api/v1/modules/top-bulletin?size=50' },
    { url: `/api/v1/modules/top-bulletin?size=50&topicId=${f.released.topicId}` },
    { url: `/api/v1/modules/top-bulletin?size=50&topicId=${f.draft.topicId}` },
  ],
  'GET /api/v1/modules/top-notice': (f) => [
    { url: `/api/v1/modules/top-notice?applicationId=${f.released.appId}&count=50` },
    { url: `/api/v1/modules/top-notice?applicationId=${f.released.appId}&moduleId=secret&count=50` },
    { url: `/api/v1/modules/top-notice?applicationId=${f.draft.appId}&count=50` },
  ],
  'GET /api/v1/modules/top-link': (f) => [
    { url: `/api/v1/modules/top-link?applicationId=${f.released.appId}&count=50` },
    { url: `/api/v1/modules/top-link?applicationId=${f.released.appId}&moduleId=secret-links&count=50` },
    { url: `/api/v1/modules/top-link?applicationId=${f.draft.appId}&count=50` },
  ],
  'GET /api/v1/modules/panel-read': (f) => {
    const read = (r: object) => q(JSON.stringify(r));
    return [
      ...TOP.map((k) => ({
        url: `/api/v1/modules/panel-read?applicationId=${f.released.appId}&read=${read({ key: 'k', source: 'top', kind: k, count: 50 })}`,
      })),
      { url: `/api/v1/modules/panel-read?applicationId=${f.draft.appId}&read=${read({ key: 'k', source: 'top', kind: 'article', count: 50 })}` },
      { url: `/api/v1/modules/panel-read?applicationId=${f.released.appId}&read=${read({ key: 'k', source: 'notice', moduleId: 'secret', count: 50 })}` },
      { url: `/api/v1/modules/panel-read?applicationId=${f.released.appId}&read=${read({ key: 'k', source: 'notice', moduleId: 'open', count: 50 })}` },
      {
        url: `/api/v1/modules/panel-read?applicationId=${f.released.appId}&read=${read({ key: 'k', source: 'wechat_article', wechatId: ['gh_matrix'], count: 50 })}`,
      },
      { url: `/api/v1/modules/panel-read?applicationId=${f.released.appId}&read=${read({ key: 'k', source: 'job', count: 50 })}` },
      { url: `/api/v1/modules/panel-read?applicationId=${f.released.appId}&read=${read({ key: 'k', source: 'bulletin', types: [], count: 50 })}` },
      {
        url: `/api/v1/modules/panel-read?applicationId=${f.released.appId}&read=${read({ key: 'k', source: 'tool', ids: ids(f.withdrawn, ['tool']).concat(f.shown.tool).map(String), count: 50 })}`,
      },
    ];
  },
  'GET /api/v1/reports': (f) => [
    { url: `/api/v1/reports?applicationId=${f.released.appId}&size=50` },
    { url: `/api/v1/reports?applicationId=${f.draft.appId}&size=50` },
  ],
  'GET /api/v1/reports/:id': (f) =>
    [f.shown.report, f.withdrawn.report, f.draftOnly.report].flatMap((id) => [
      { url: `/api/v1/reports/${id}?applicationId=${f.released.appId}` },
      { url: `/api/v1/reports/${id}?applicationId=${f.draft.appId}` },
    ]),
  'GET /tools': (f) => [{ url: `/tools?appid=${f.released.appId}&size=50` }, { url: `/tools?appid=${f.draft.appId}&size=50` }],
  'GET /api/v1/tools': (f) => [
    { url: `/api/v1/tools?appid=${f.released.appId}&size=50&ids=${f.withdrawn.tool}&ids=${f.shown.tool}&ids=${f.draftOnly.tool}` },
    { url: `/api/v1/tools?appid=${f.draft.appId}&size=50` },
  ],
  'GET /api/v2/scholars/:id': (f) =>
    [f.shown.scholar, f.withdrawn.scholar, f.draftOnly.scholar].flatMap((id) => [
      { url: `/api/v2/scholars/${id}` },
      { url: `/api/v2/scholars/${id}?app_id=${f.draft.appId}` },
    ]),
  'GET /api/v1/resources/institution/:id/scholars': (f) =>
    [f.shown.institution, f.withdrawn.institution, f.draftOnly.institution].map((id) => ({ url: `/api/v1/resources/institution/${id}/scholars` })),
  'GET /api/v1/comments': (f) =>
    Object.values(f.notices).map((id) => ({
      url: `/api/v1/comments?applicationId=${id === f.notices.draftSite ? f.draft.appId : f.released.appId}&targetType=notice&targetId=${id}`,
    })),
  'GET /api/v1/questions/faq': (f) => [
    { url: `/api/v1/questions/faq?applicationId=${f.released.appId}&size=50` },
    { url: `/api/v1/questions/faq?applicationId=${f.released.appId}&q=${q(HIDDEN)}` },
    { url: `/api/v1/questions/faq?applicationId=${f.draft.appId}` },
  ],
  // communities (decisions 620-629): a draft site's community, a removed post, a request to join are hidden
  'GET /api/v1/applications/:id/communities': (f) => [
    { url: `/api/v1/applications/${f.released.appId}/communities` },
    { url: `/api/v1/applications/${f.draft.appId}/communities` },
  ],
  'GET /api/v1/applications/:id/communities/:communityId': (f) => [
    { url: `/api/v1/applications/${f.released.appId}/communities/${communities.shown}` },
    { url: `/api/v1/applications/${f.draft.appId}/communities/${communities.draftSite}` },
    { url: `/api/v1/applications/${f.released.appId}/communities/${communities.draftSite}` },
  ],
  'GET /api/v1/applications/:id/communities/:communityId/members': (f) => [
    { url: `/api/v1/applications/${f.released.appId}/communities/${communities.shown}/members` },
    { url: `/api/v1/applications/${f.draft.appId}/communities/${communities.draftSite}/members` },
  ],
  'GET /api/v1/applications/:id/communities/:communityId/posts': (f) => [
    { url: `/api/v1/applications/${f.released.appId}/communities/${communities.shown}/posts` },
    { url: `/api/v1/applications/${f.draft.appId}/communities/${communities.draftSite}/posts` },
    { url: `/api/v1/applications/${f.released.appId}/communities/${communities.draftSite}/posts` },
  ],
  'GET /api/v1/notices': (f) => [
    { url: `/api/v1/notices?applicationId=${f.released.appId}&active=0&size=50` },
    { url: `/api/v1/notices?applicationId=${f.released.appId}&moduleId=secret` },
    { url: `/api/v1/notices?applicationId=${f.draft.appId}` },
  ],
  'GET /api/v1/xrender/:pageId': (f) => [
    { url: `/api/v1/xrender/shown-page?applicationId=${f.released.appId}` },
    { url: `/api/v1/xrender/draft-page?applicationId=${f.released.appId}` },
    { url: `/api/v1/xrender/draft-site-page?applicationId=${f.draft.appId}` },
  ],
  'GET /api/v1/notices/:id': (f) => Object.values(f.notices).map((id) => ({ url: `/api/v1/notices/${id}` })),
  'GET /api/v1/links': (f) => [
    { url: `/api/v1/links?applicationId=${f.released.appId}&size=50` },
    { url: `/api/v1/links?applicationId=${f.released.appId}&moduleId=secret-links` },
    { url: `/api/v1/links?applicationId=${f.draft.appId}` },
  ],
  'GET /api/v1/links/:linkId': (f) => Object.values(f.links).map((id) => ({ url: `/api/v1/links/${id}` })),
  // the recommendations draw on the records near what the caller browsed and on what everyone acted on lately
  'GET /api/v2/recommendations': () => [{ url: '/api/v2/recommendations?size=50' }],
  'GET /api/v1/top-recommendations': () => [{ url: '/api/v1/top-recommendations?size=50' }],
  'GET /api/v1/applications/available': () => [{ url: '/api/v1/applications/available' }],
  'GET /api/v1/topics/:topicId/categories': (f) => [
    { url: `/api/v1/topics/${f.released.topicId}/categories` },
    { url: `/api/v1/topics/${f.draft.topicId}/categories` },
  ],
  'POST /api/v1/resources/institution/fruit-scholar-count': () => [
    { method: 'POST', url: '/api/v1/resources/institution/fruit-scholar-count', body: { q: `${SHOWN}记录institution` } },
  ],
  // the map of China (server/routes/map): every institution of the fixture is in 北京, one of them shown
  'GET /api/v1/map/provinces': (f) => {
    const beijing = (n: number) => `{"province":"北京","count":${n}}`;
    const marks = { shown: [beijing(1)], hidden: [beijing(2), beijing(3), beijing(4)] };
    return [
      ...['institutions', 'scholars'].map((m) => ({ url: `/api/v1/map/provinces?applicationId=${f.released.appId}&metric=${m}`, marks })),
      { url: '/api/v1/map/provinces?metric=institutions', marks },
      { url: '/api/v1/map/provinces?metric=scholars', marks },
      { url: `/api/v1/map/provinces?applicationId=${f.draft.appId}`, marks },
    ];
  },
  'GET /api/v1/map/provinces/:province': (f) => [
    { url: `/api/v1/map/provinces/${q('北京')}?applicationId=${f.released.appId}` },
    { url: `/api/v1/map/provinces/${q('北京市')}` },
    { url: `/api/v1/map/provinces/${q('北京')}?applicationId=${f.draft.appId}` },
  ],
  // a site's feeds and sitemaps (server/feeds): the released site's and the draft's, by host
  'GET /feeds/:file': (f) => [
    { url: '/feeds/notices.rss', host: f.released.host },
    { url: '/feeds/notices.atom', host: f.draft.host },
  ],
  'GET /feeds/resources/:file': (f) => TYPES.flatMap((t) => [f.released.host, f.draft.host].map((host) => ({ url: `/feeds/resources/${t}.rss`, host }))),
  'GET /feeds/topics/:file': (f) => [
    { url: `/feeds/topics/${f.released.topicId}.atom`, host: f.released.host },
    { url: `/feeds/topics/${f.draft.topicId}.rss`, host: f.released.host },
    { url: `/feeds/topics/${f.draft.topicId}.rss`, host: f.draft.host },
  ],
  'GET /sitemap.xml': (f) => [
    { url: '/sitemap.xml', host: f.released.host, marks: { shown: ['/sitemaps/article-1.xml'], hidden: [] } },
    { url: '/sitemap.xml', host: f.draft.host },
  ],
  'GET /sitemaps/:file': (f) => {
    const loc = (host: string, path: string) => `http://${host}${path}</loc>`;
    const marks = {
      shown: TYPES.map((t) => loc(f.released.host, resourceDetailHref(t, f.shown[t]))).concat(loc(f.released.host, `/resources/notices/${f.notices.shown}`)),
      hidden: TYPES.flatMap((t) => [f.withdrawn[t], f.draftOnly[t]].map((id) => loc(f.released.host, resourceDetailHref(t, id)))).concat(
        [f.notices.unpublished, f.notices.loginOnly, f.notices.draftSite].map((id) => loc(f.released.host, `/resources/notices/${id}`)),
      ),
    };
    return [
      ...TYPES.map((t) => ({ url: `/sitemaps/${t}-1.xml`, host: f.released.host, marks })),
      { url: '/sitemaps/notices-1.xml', host: f.released.host, marks },
      { url: '/sitemaps/article-1.xml', host: f.draft.host },
      { url: '/sitemaps/notices-1.xml', host: f.draft.host },
    ];
  },
  // the public read API (server/routes/publicApi; decisions 630-634): the released site's and the draft's, by host
  'GET /open/v1': (f) => [
    { url: '/open/v1', host: f.released.host, marks: { shown: ['/oai'], hidden: [] } },
    { url: '/open/v1', host: f.draft.host },
  ],
  'GET /open/v1/openapi.json': (f) => [
    { url: '/open/v1/openapi.json', host: f.released.host, marks: { shown: ['/open/v1/search'], hidden: [] } },
    { url: '/open/v1/openapi.json', host: f.draft.host },
  ],
  'GET /open/v1/search': (f) =>
    [f.released.host, f.draft.host].flatMap((host) => [
      { url: `/open/v1/search?q=${q(HIDDEN)}`, host },
      { url: `/open/v1/search?q=${q(SHOWN)}`, host },
      ...TYPES.map((t) => ({ url: `/open/v1/search?q=&type=${t}&size=100`, host })),
    ]),
  'GET /open/v1/resources/:type': (f) =>
    TYPES.flatMap((t) => [f.released.host, f.draft.host].map((host) => ({ url: `/open/v1/resources/${t}?size=100`, host }))),
  'GET /open/v1/resources/:type/:id': (f) =>
    TYPES.flatMap((t) =>
      [f.shown[t], f.withdrawn[t], f.draftOnly[t]].flatMap((id) =>
        [f.released.host, f.draft.host].map((host) => ({ url: `/open/v1/resources/${t}/${id}`, host })),
      ),
    ).concat([{ url: `/open/v1/resources/article/${f.orphan}`, host: f.released.host }]),
  'GET /open/v1/notices': (f) => [f.released.host, f.draft.host].map((host) => ({ url: '/open/v1/notices?size=100', host })),
  'GET /open/v1/notices/:id': (f) =>
    Object.values(f.notices).flatMap((id) => [f.released.host, f.draft.host].map((host) => ({ url: `/open/v1/notices/${id}`, host }))),
  ...Object.fromEntries(
    (
      [
        ['reports', 'report'],
        ['scholars', 'scholar'],
        ['institutions', 'institution'],
      ] as const
    ).flatMap(([group, t]) => [
      [`GET /open/v1/${group}`, (f: Fixture) => [f.released.host, f.draft.host].map((host) => ({ url: `/open/v1/${group}?size=100`, host }))],
      [
        `GET /open/v1/${group}/:id`,
        (f: Fixture) =>
          [f.shown[t], f.withdrawn[t], f.draftOnly[t]].flatMap((id) =>
            [f.released.host, f.draft.host].map((host) => ({ url: `/open/v1/${group}/${id}`, host })),
          ),
      ],
    ]),
  ),
  'GET /api/v1/applications/config': (f) => [
    { url: `/api/v1/applications/config?host=${f.released.host}` },
    { url: `/api/v1/applications/config?host=${f.draft.host}` },
  ],
  // the OAI-PMH provider (server/oai): a withdrawn record is a deleted header only, a draft site 404
  'GET /oai': (f) => [
    ...[f.released.host, f.draft.host].flatMap((host) => [
      { url: '/oai?verb=ListRecords&metadataPrefix=oai_dc', host },
      { url: '/oai?verb=ListSets', host },
    ]),
    ...TYPES.flatMap((t) =>
      [f.shown[t], f.withdrawn[t], f.draftOnly[t]].map((id) => ({
        url: `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${f.released.host}:${t}/${id}`,
        host: f.released.host,
      })),
    ),
  ],
  'POST /oai': (f) =>
    [f.released.host, f.draft.host].map((host) => ({ method: 'POST' as const, url: '/oai', body: { verb: 'ListRecords', metadataPrefix: 'oai_dc' }, host })),
};

async function request(c: Client, p: Probe) {
  if (p.host) return c.request(p.method ?? 'GET', p.url, p.method === 'POST' ? (p.body ?? {}) : undefined, { host: p.host });
  return p.method === 'POST' ? c.post(p.url, p.body ?? {}) : c.get(p.url);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13900000001', 'super');
  const site = async (name: string, host: string, topicTitle: string) => {
    const topicId = await ensureTopic(ctx.db, topicTitle);
    const appId = (await admin.post('/api/v1/applications', { name, host, topicId })).body.applicationId as number;
    return { appId, topicId, topicTitle, host };
  };
  const released = await site('公开站点', 'open.example.cn', '公开专题');
  const draft = await site(`${HIDDEN}草稿站点`, 'draft.example.cn', `${HIDDEN}草稿专题`);
  const other = await site('别的站点', 'other.example.cn', '别的专题');
  // the released site marks two panels 仅登录可见 (decision 211)
  const defaults = (type: string) => definitionOf(type)!.defaults({ groupTemplate: false });
  const saved = await admin.post(`/api/v1/applications/${released.appId}/home-config`, {
    homeConfig: [
      {
        page: 'home',
        style: 'card',
        groups: {},
        template: [
          { ...defaults('notice'), id: 'open', alias: '公开通知栏' },
          { ...defaults('notice'), id: 'secret', alias: '内部通知', loginOnly: true },
          { ...defaults('resource'), id: 'secret-links', alias: '内部链接', loginOnly: true },
        ],
      },
    ],
  });
  expect(saved.status).toBe(200);
  await releaseApplication(admin, released.appId);
  await releaseApplication(admin, other.appId);

  // per type: shown, withdrawn in the released topic, published only in the draft's topic
  const fieldsOf = (t: Kind, tag: string) =>
    t === 'wechat_article'
      ? { wechatId: 'gh_matrix', url: 'https://mp.example.cn/' }
      : t === 'journal'
        ? { issn: tag }
        : t === 'bulletin'
          ? { bulletinType: '快报' }
          : t === 'institution'
            ? { province: '北京市' }
            : {};
  const made = { shown: {}, withdrawn: {}, draftOnly: {} } as Record<'shown' | 'withdrawn' | 'draftOnly', Record<Kind, number>>;
  for (const t of TYPES) {
    const label = definitionOf(t) ? t : t;
    const rows = [
      { key: 'shown', title: `${SHOWN}记录${label}`, topicId: released.topicId, tag: `shown-${t}` },
      { key: 'withdrawn', title: `${HIDDEN}撤回${label}`, topicId: released.topicId, tag: 'hidden-withdrawn-journal' },
      { key: 'draftOnly', title: `${HIDDEN}草稿${label}`, topicId: draft.topicId, tag: 'hidden-draft-journal' },
    ] as const;
    for (const r of rows) {
      await upsertResources(ctx.db, [
        {
          type: t,
          sourceKey: `${r.key}-${t}`,
          title: r.title,
          date: '2026-05-01',
          // an article's keyword repeats its title: the literature analysis counts keywords (it must not count a hidden one)
          fields: t === 'article' ? { ...fieldsOf(t, r.tag), keywords: [r.title] } : fieldsOf(t, r.tag),
          topicId: r.topicId,
          categoryOne: r.topicId === draft.topicId ? `${HIDDEN}分类` : `${SHOWN}分类`,
        },
      ]);
      const row = await ctx.db.selectFrom('resources').select('id').where('type', '=', t).where('source_key', '=', `${r.key}-${t}`).executeTakeFirstOrThrow();
      made[r.key][t] = row.id;
    }
    // a withdrawn record: unpublished in its topic (a report draft, a withdrawn WeChat article, …)
    await ctx.db.updateTable('resource_topics').set({ published: 0 }).where('resource_id', '=', made.withdrawn[t]).execute();
  }
  // the shown institution's scholars, linked by name: one shown, one withdrawn
  for (const [key, inst] of [
    ['s-shown', `${SHOWN}记录institution`],
    ['s-hidden', `${SHOWN}记录institution`],
  ] as const) {
    await upsertResources(ctx.db, [
      { type: 'scholar', sourceKey: key, title: `${key === 's-shown' ? SHOWN : HIDDEN}学者`, fields: { institution: inst }, topicId: released.topicId },
    ]);
  }
  const hiddenScholar = await ctx.db.selectFrom('resources').select('id').where('source_key', '=', 's-hidden').executeTakeFirstOrThrow();
  await ctx.db.updateTable('resource_topics').set({ published: 0 }).where('resource_id', '=', hiddenScholar.id).execute();
  // a record linked to no topic
  await upsertResources(ctx.db, [{ type: 'article', sourceKey: 'orphan', title: `${HIDDEN}无专题论文`, fields: {} }]);
  const orphan = (await ctx.db.selectFrom('resources').select('id').where('source_key', '=', 'orphan').executeTakeFirstOrThrow()).id;

  const t = new Date().toISOString();
  const notice = async (appId: number, title: string, extra: object = {}) => {
    const r = await admin.post('/api/v1/notices', { applicationId: appId, title, content: `<p>${title}</p>`, publishDateTime: t, ...extra });
    expect(r.status).toBe(201);
    return r.body.noticeId as number;
  };
  const link = async (appId: number, title: string, extra: object = {}) => {
    const r = await admin.post('/api/v1/links', { applicationId: appId, title, url: 'https://example.cn/', ...extra });
    expect(r.status).toBe(201);
    return r.body.linkId as number;
  };
  fx = {
    released,
    draft,
    ...made,
    orphan,
    notices: {
      shown: await notice(released.appId, `${SHOWN}通知`, { moduleId: 'open' }),
      unpublished: await notice(released.appId, `${HIDDEN}未发布通知`, { active: 0 }),
      loginOnly: await notice(released.appId, `${HIDDEN}仅登录通知`, { moduleId: 'secret' }),
      draftSite: await notice(draft.appId, `${HIDDEN}草稿站通知`),
    },
    links: {
      shown: await link(released.appId, `${SHOWN}链接`),
      loginOnly: await link(released.appId, `${HIDDEN}仅登录链接`, { moduleId: 'secret-links' }),
      draftSite: await link(draft.appId, `${HIDDEN}草稿站链接`),
    },
  };

  // comments (decision 563): a shown one and someone's pending one on the shown notice, shown ones on the hidden notices
  const commenter = (
    await ctx.db
      .insertInto('users')
      .values({ phone: null, email: null, name: '评论者', affiliation: '', role: 'user', anonymous: 0, created_at: t })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const comment = async (appId: number, noticeId: number, body: string, visible: number) => {
    const c = await ctx.db
      .insertInto('comments')
      .values({
        application_id: appId,
        target_type: 'notice',
        target_id: String(noticeId),
        parent_id: null,
        author_id: commenter,
        body,
        visible,
        held: 1 - visible,
        created_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('submissions')
      .values({
        application_id: appId,
        kind: 'comment',
        ref_id: c.id,
        author_id: commenter,
        summary: body,
        status: visible ? 'approved' : 'pending',
        reason: null,
        reviewer_id: null,
        created_at: t,
        updated_at: t,
        reviewed_at: null,
      })
      .execute();
  };
  await comment(released.appId, fx.notices.shown, `${SHOWN}评论`, 1);
  await comment(released.appId, fx.notices.shown, `${HIDDEN}待审评论`, 0);
  await comment(released.appId, fx.notices.unpublished, `${HIDDEN}未发布通知的评论`, 1);
  await comment(released.appId, fx.notices.loginOnly, `${HIDDEN}仅登录通知的评论`, 1);
  await comment(draft.appId, fx.notices.draftSite, `${HIDDEN}草稿站评论`, 1);
  // reference questions: the FAQ shows the released site's published ones only (decision 596)
  const question = async (appId: number, title: string, published: number) => {
    const row = await ctx.db
      .insertInto('questions')
      .values({
        application_id: appId,
        user_id: commenter,
        title,
        content: title,
        discipline: '其他',
        state: 'answered',
        assignee_id: null,
        answered_at: t,
        closed_at: null,
        faq_published: published,
        faq_question: published ? title : null,
        faq_published_at: published ? t : null,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('question_messages')
      .values({ question_id: row.id, author_id: null, kind: 'answer', body: `<p>${title}的答复</p>`, created_at: t })
      .execute();
  };
  await question(released.appId, `${SHOWN}常见问题`, 1);
  await question(released.appId, `${HIDDEN}未发布的咨询`, 0);
  await question(draft.appId, `${HIDDEN}草稿站常见问题`, 1);

  // communities: the released site's with a shown post, a removed post, a member and a request; the draft site's
  const named = async (name: string) =>
    (
      await ctx.db
        .insertInto('users')
        .values({ phone: null, email: null, name, affiliation: '', role: 'user', anonymous: 0, created_at: t })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const [member, requester] = [await named(`${SHOWN}成员`), await named(`${HIDDEN}申请人`)];
  const newCommunity = async (appId: number, name: string) =>
    (
      await ctx.db
        .insertInto('communities')
        .values({
          application_id: appId,
          name,
          description: '',
          cover_key: null,
          cover_type: null,
          join_rule: 'approval',
          archived_at: null,
          created_by: null,
          created_at: t,
          updated_at: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  // composed pages (server/routes/pages): a published page of the released site is everyone's; its draft
  // page and a published page of the draft site are hidden
  const page = (applicationId: number, pageId: string, title: string, state: string) => ({
    application_id: applicationId,
    page_id: pageId,
    title,
    state,
    home_config: '[]',
    created_at: t,
    updated_at: t,
  });
  await ctx.db
    .insertInto('pages')
    .values([
      page(released.appId, 'shown-page', `${SHOWN}页面`, 'published'),
      page(released.appId, 'draft-page', `${HIDDEN}草稿页面`, 'draft'),
      page(draft.appId, 'draft-site-page', `${HIDDEN}草稿站页面`, 'published'),
    ])
    .execute();
  communities = { shown: await newCommunity(released.appId, `${SHOWN}社区`), draftSite: await newCommunity(draft.appId, `${HIDDEN}草稿站社区`) };
  await ctx.db
    .insertInto('community_members')
    .values([
      { community_id: communities.shown, user_id: member, role: 'owner', state: 'active', created_at: t, updated_at: t },
      { community_id: communities.shown, user_id: requester, role: 'member', state: 'requested', created_at: t, updated_at: t },
      { community_id: communities.draftSite, user_id: member, role: 'owner', state: 'active', created_at: t, updated_at: t },
    ])
    .execute();
  const post = (communityId: number, title: string, removed: boolean) => ({
    community_id: communityId,
    author_id: member,
    title,
    body: title,
    removed_at: removed ? t : null,
    removed_by: removed ? member : null,
    created_at: t,
    updated_at: t,
  });
  await ctx.db
    .insertInto('community_posts')
    .values([
      post(communities.shown, `${SHOWN}帖子`, false),
      post(communities.shown, `${HIDDEN}已删帖子`, true),
      post(communities.draftSite, `${HIDDEN}草稿站帖子`, false),
    ])
    .execute();

  // the personas: nobody, an anonymous (fingerprint) visitor, a plain user, the manager of another site
  const user = async (name: string, extra: { anonymous?: number } = {}) =>
    (
      await ctx.db
        .insertInto('users')
        .values({ phone: null, email: null, name, affiliation: '', role: 'user', anonymous: extra.anonymous ?? 0, created_at: t })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const otherManager = await user('别站管理员');
  await ctx.db
    .insertInto('application_managers')
    .values({ application_id: other.appId, user_id: otherManager, rights: JSON.stringify(['edit', 'content', 'site', 'users']) })
    .execute();
  clients.anonymous = ctx.client();
  clients.fingerprint = await clientAs(ctx, await user('访客0001', { anonymous: 1 }));
  const plainUser = await user('普通用户');
  clients.plainUser = await clientAs(ctx, plainUser);
  clients.otherManager = await clientAs(ctx, otherManager);
  // each signed-in persona browsed the shown article (its category leads to the records beside it);
  // someone else acted on the hidden records lately (近期热门 would bring them)
  const someone = await user('别的读者');
  const acted = [
    ...[plainUser, otherManager].map((u) => ({ user_id: u, resource_id: made.shown.article })),
    ...[made.withdrawn.article, made.draftOnly.article, orphan, made.withdrawn.journal, made.shown.policy].map((r) => ({ user_id: someone, resource_id: r })),
  ];
  await ctx.db
    .insertInto('user_actions')
    .values(acted.map((a) => ({ ...a, type: 'article', action: 'browse', created_at: t })))
    .execute();
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

describe('visibility matrix (decision 394)', () => {
  it('every route has a row rule, declared or implied by its access', () => {
    // the API documents (server/http/openapi.ts) describe the routes, not rows, and declare no access of their own
    const documents = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');
    const missing = ctx.app.atriumRoutes
      .filter((r) => !r.rows && !impliedRows(r.access) && !documents(r.url))
      .map((r) => `${r.method} ${r.url} (${r.access ?? '未声明'})`);
    expect(missing).toEqual([]);
  });

  it('every read route of the catalogue or a site’s content is probed here', () => {
    const reads = ctx.app.atriumRoutes.filter((r) => r.rows === 'resources' || r.rows === 'site').map((r) => `${r.method} ${r.url}`);
    expect(reads.filter((k) => !PROBES[k]).sort()).toEqual([]);
    expect(Object.keys(PROBES).filter((k) => !reads.includes(k))).toEqual([]);
  });

  for (const who of PERSONAS) {
    it(`${who}: no hidden row through any read route; the shown rows through every one`, async () => {
      const leaks: string[] = [];
      const unshown: string[] = [];
      for (const [route, probes] of Object.entries(PROBES)) {
        let shown = false;
        let refused = true;
        for (const p of probes(fx)) {
          const res = await request(clients[who], p);
          expect(res.status, `${p.method ?? 'GET'} ${p.url}`).toBeLessThan(500);
          if (res.text.includes(HIDDEN) || p.marks?.hidden.some((h) => res.text.includes(h))) leaks.push(`${p.method ?? 'GET'} ${p.url} → ${res.status}`);
          if (res.status < 300 && (res.text.includes(SHOWN) || p.marks?.shown.some((m) => res.text.includes(m)))) shown = true;
          if (res.status !== 401) refused = false;
        }
        // a route this persona may not call at all (401) is the role matrix's matter
        if (!shown && !refused) unshown.push(route);
      }
      expect(leaks).toEqual([]);
      expect(unshown).toEqual([]);
    });
  }

  it('a super manager reads every hidden record by id; the draft’s manager previews its topic', async () => {
    for (const id of [...ids(fx.withdrawn), ...ids(fx.draftOnly), fx.orphan]) {
      const row = await ctx.db.selectFrom('resources').select('type').where('id', '=', id).executeTakeFirstOrThrow();
      expect((await admin.get(`/api/v1/resources/${row.type}/${id}`)).status).toBe(200);
    }
    const t = new Date().toISOString();
    const manager = (
      await ctx.db
        .insertInto('users')
        .values({ phone: null, email: null, name: '草稿站管理员', affiliation: '', role: 'user', anonymous: 0, created_at: t })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ctx.db
      .insertInto('application_managers')
      .values({ application_id: fx.draft.appId, user_id: manager, rights: JSON.stringify(['content']) })
      .execute();
    const m = await clientAs(ctx, manager);
    const article = await m.get(`/api/v1/resources/article/${fx.draftOnly.article}`);
    expect(article.status).toBe(200);
    expect(article.body.title).toBe(`${HIDDEN}草稿article`);
    const top = await m.post('/api/v3/modules/top-article', { count: 50, topicId: fx.draft.topicId });
    expect(top.status).toBe(200);
    expect(top.body.content.map((r: { title: string }) => r.title)).toEqual([`${HIDDEN}草稿article`]);
    // still not another site's withdrawn record
    expect((await m.get(`/api/v1/resources/article/${fx.withdrawn.article}`)).status).toBe(404);
  });

  it('counts leave hidden records out: the shown institution has 1 scholar for a visitor, 2 for a super manager', async () => {
    const body = { q: `${SHOWN}记录institution` };
    const visitor = await clients.anonymous.post('/api/v1/resources/institution/fruit-scholar-count', body);
    expect(visitor.status, visitor.text).toBe(200);
    expect(visitor.body.scholar_count).toEqual([{ institution: `${SHOWN}记录institution`, count: 1 }]);
    const all = await admin.post('/api/v1/resources/institution/fruit-scholar-count', body);
    expect(all.body.scholar_count).toEqual([{ institution: `${SHOWN}记录institution`, count: 2 }]);
  });

  it('a hidden record answers exactly as one that does not exist', async () => {
    const hidden = await clients.anonymous.get(`/api/v1/resources/article/${fx.withdrawn.article}`);
    const missing = await clients.anonymous.get('/api/v1/resources/article/99999999');
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    const topic = await clients.anonymous.post('/api/v3/modules/top-article', { topicId: fx.draft.topicId });
    expect(topic.status).toBe(404);
    expect(topic.body.error.message).toBe('专题不存在');
  });
});
