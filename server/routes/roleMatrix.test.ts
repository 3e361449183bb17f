/**
 * The role matrix (spec 1 §6; docs/decisions.md #135-#139): every route the server registers
 * (`app.atriumRoutes`) × {anonymous, anonymous-fingerprint visitor, signed-in user of the application,
 * manager of another application, manager of this application, super manager}, asserting the status
 * of each cell. Every route must be classified in ROUTES below: a route nobody classified fails the
 * test, so a new route cannot slip in without a decision on who may call it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, clientAs, createTestContext, insertApplication, type TestContext } from '../test/harness.js';
import { ensureTopic, upsertResources } from '../resources/store.js';
import { auditRuleOf } from '../audit/rules.js';
import { MANAGER_RIGHTS } from '../../common/roles.js';
import { ensureChannel } from '../monitors/service.js';

const PERSONAS = ['anonymous', 'fingerprint', 'appUser', 'otherManager', 'manager', 'super'] as const;
type Persona = (typeof PERSONAS)[number];

/**
 * Who may call a route:
 * - public: everybody, same status for all (`status`, default 200)
 * - session: any user with a session, anonymous-fingerprint visitors included (anonymous 401)
 * - signedIn: a signed-in, non-anonymous user (anonymous and fingerprint visitors 401)
 * - self: a signed-in, non-anonymous user naming themself (the sample names the caller: as signedIn)
 * - owner: a signed-in, non-anonymous user owning what the request names, or a super manager (the sample
 *   names nothing that exists: 404 for every signed-in persona, as signedIn)
 * - anyManager: a manager of some application or a super manager (plain user 403)
 * - manager: a manager of this application or a super manager (user and other manager 403)
 * - super: a super manager only (every manager 403)
 * - community: a member with a role in the community the sample names, or its application's manager with
 *   内容管理, or a super manager: the personas hold no community role, so as manager
 */
type Access = 'public' | 'session' | 'signedIn' | 'self' | 'owner' | 'anyManager' | 'manager' | 'super' | 'community';

interface Fixture {
  appId: number;
  topicId: number;
  resourceId: number;
  managerUserId: number;
  plainUserId: number;
  host: string;
}
interface Call {
  url: string;
  body?: unknown;
  /** the Host header, for the routes answered per site by host (feeds, sitemaps, robots.txt, OAI-PMH) */
  host?: string;
}
interface Row {
  /** only for a route that does not declare its access yet: a declared route's comes from its `config.access` */
  access?: Access;
  /** the request of an allowed cell; may create what it needs (a fresh application to delete, ...) */
  call: (f: Fixture, n: number, uid: number) => Call | Promise<Call>;
  /** the status an allowed caller gets (default 200); 'any' = neither 401/403 nor 5xx (no valid sample, e.g. multipart) */
  status?: number | 'any';
}

let ctx: TestContext;
let fx: Fixture;
const userIds = {} as Record<Persona, number | null>;
let seq = 0;
/** the calls of signed-in personas that succeeded (2xx), for the audit log check */
const succeeded: Array<{ key: string; body: unknown }> = [];
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

async function freshApp(): Promise<number> {
  const id = await insertApplication(ctx.db, { name: '临时站点', host: `tmp-${uniq()}.example.cn` });
  await ctx.db.insertInto('application_managers').values({ application_id: id, user_id: userIds.manager! }).execute();
  return id;
}

const homeConfig = { homeConfig: [{ page: 'home', template: [], style: 'card', groups: {} }] };
const article = () => ({ title: '矩阵文章', groupName: '动态', articleTime: '2024-01-02 03:04:05', url: `https://mp.example.cn/${uniq()}` });

/** A composed page of the application (server/routes/pages), written directly, for the calls that change one. */
async function matrixPage(f: Fixture, state: 'draft' | 'published' = 'draft'): Promise<string> {
  const t = new Date().toISOString();
  const pageId = `p-${uniq()}`;
  await ctx.db
    .insertInto('pages')
    .values({
      application_id: f.appId,
      page_id: pageId,
      title: '矩阵页面',
      state,
      home_config: JSON.stringify(homeConfig.homeConfig),
      created_at: t,
      updated_at: t,
    })
    .execute();
  return pageId;
}

/** A notice (and a link) of the application, written directly, for the calls that change one. */
async function notice(f: Fixture): Promise<number> {
  const t = new Date().toISOString();
  const row = await ctx.db
    .insertInto('notices')
    .values({
      application_id: f.appId,
      module_id: null,
      user_id: null,
      title: '待改通知',
      type: '消息公告',
      content: '<p>x</p>',
      top: 0,
      active: 1,
      publish_date_time: t,
      create_date_time: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
/** A feed source of the fixture's SCI channel, written directly, for the calls that change one. */
async function monitorSource(f: Fixture): Promise<number> {
  const ch = await ensureChannel(ctx.db, f.appId, 'sci');
  const row = await ctx.db
    .insertInto('monitor_sources')
    .values({ channel_id: ch.id, name: '待改源', kind: 'feed', url: 'http://127.0.0.1:9/f.xml', schedule: '0 6 * * *', created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
/** A watch profile of the fixture's STM channel, written directly. */
async function monitorProfile(f: Fixture): Promise<number> {
  const ch = await ensureChannel(ctx.db, f.appId, 'stm');
  const row = await ctx.db
    .insertInto('monitor_profiles')
    .values({ channel_id: ch.id, name: '待改主题', kind: 'keywords', terms: '["x"]', created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
/** A pending feedback of the fixture's plain user to the application, for the staff's calls on one. */
async function feedback(f: Fixture): Promise<number> {
  const t = new Date().toISOString();
  const row = await ctx.db
    .insertInto('feedback')
    .values({
      application_id: f.appId,
      user_id: f.plainUserId,
      category: 'other',
      content: '矩阵反馈',
      page: null,
      screenshot_key: null,
      screenshot_type: null,
      reply: null,
      handler_id: null,
      replied_at: null,
      closed_at: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
/** An answered question of the fixture's plain user to the application, for the staff's calls on one. */
async function question(f: Fixture, state = 'answered'): Promise<number> {
  const t = new Date().toISOString();
  const row = await ctx.db
    .insertInto('questions')
    .values({
      application_id: f.appId,
      user_id: f.plainUserId,
      title: '矩阵咨询',
      content: '矩阵咨询内容',
      discipline: '其他',
      state,
      assignee_id: null,
      answered_at: state === 'answered' ? t : null,
      closed_at: null,
      faq_question: null,
      faq_published_at: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
/** A pending document delivery request of the fixture's plain user to the application, for the staff's calls on one. */
async function ddsRequest(f: Fixture): Promise<number> {
  const t = new Date().toISOString();
  const text = { authors: '', journal: '', year: '', volume: '', issue: '', pages: '', doi: '', note: '' };
  const row = await ctx.db
    .insertInto('dds_requests')
    .values({ application_id: f.appId, user_id: f.plainUserId, resource_id: null, title: '矩阵文献', ...text, created_at: t, updated_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
/** A small PDF, for a delivery. */
const MATRIX_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n').toString('base64');
async function link(f: Fixture): Promise<number> {
  const t = new Date().toISOString();
  const row = await ctx.db
    .insertInto('links')
    .values({
      application_id: f.appId,
      module_id: null,
      user_id: null,
      title: '待改链接',
      url: 'https://example.cn/',
      cover: null,
      link_category: null,
      top: 0,
      top_order: 1,
      active: 1,
      publish_date_time: t,
      create_date_time: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A reader's recommended link of the application with its pending submission, written directly; its id. */
/** A fresh scholar record (学者认证, decisions 650-656); its id. */
async function scholar(n: number | string): Promise<number> {
  return (
    await upsertResources(ctx.db, [{ type: 'scholar', sourceKey: `matrix:scholar:${n}:${seq++}`, title: `矩阵学者${n}`, fields: {}, topicId: fx.topicId }])
  ).ids[0];
}
/** Makes user `uid` a verified scholar (once); the scholar's id. */
async function verifiedScholar(uid: number): Promise<number> {
  const v = await ctx.db.selectFrom('scholar_verifications').select('scholar_id').where('user_id', '=', uid).executeTakeFirst();
  if (v) return v.scholar_id;
  const id = await scholar(`v${uid}`);
  await ctx.db.insertInto('scholar_verifications').values({ scholar_id: id, user_id: uid, request_id: 0, verified_at: new Date().toISOString() }).execute();
  return id;
}
/** A scholar claim of the application without a document; its id. */
async function scholarRequest(f: Fixture): Promise<number> {
  const r = await ctx.db
    .insertInto('scholar_requests')
    .values({
      application_id: f.appId,
      author_id: f.plainUserId,
      scholar_id: await scholar('r'),
      request: 'claim',
      evidence: 'email',
      email: 'a@example.edu.cn',
      document_key: null,
      document_name: null,
      document_type: null,
      note: '',
      biography: null,
      links: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}
/** A fresh research output (成果); its id. */
async function output(n: number | string): Promise<number> {
  return (await upsertResources(ctx.db, [{ type: 'fruit', sourceKey: `matrix:fruit:${n}:${seq++}`, title: `矩阵成果${n}`, fields: {}, topicId: fx.topicId }]))
    .ids[0];
}
async function recommendation(f: Fixture): Promise<number> {
  const t = new Date().toISOString();
  const r = await ctx.db
    .insertInto('resource_recommendations')
    .values({
      application_id: f.appId,
      author_id: f.plainUserId,
      mode: 'url',
      type: 'resource',
      title: '矩阵推荐',
      date: null,
      fields: JSON.stringify({ url: 'https://example.cn/r' }),
      search_text: '',
      category: null,
      subcategory: null,
      resource_id: null,
      created_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('submissions')
    .values({
      application_id: f.appId,
      kind: 'resource_verify',
      ref_id: r.id,
      author_id: f.plainUserId,
      summary: '矩阵推荐',
      status: 'pending',
      reason: null,
      reviewer_id: null,
      created_at: t,
      updated_at: t,
      reviewed_at: null,
    })
    .execute();
  return r.id;
}

/** A comment on a fresh notice of the application with its submission, written directly: pending (hidden) or shown. */
async function comment(f: Fixture, shown: boolean): Promise<number> {
  const t = new Date().toISOString();
  const target = String(await notice(f));
  const c = await ctx.db
    .insertInto('comments')
    .values({
      application_id: f.appId,
      target_type: 'notice',
      target_id: target,
      parent_id: null,
      author_id: f.plainUserId,
      body: '矩阵评论',
      visible: shown ? 1 : 0,
      held: shown ? 0 : 1,
      created_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const s = await ctx.db
    .insertInto('submissions')
    .values({
      application_id: f.appId,
      kind: 'comment',
      ref_id: c.id,
      author_id: f.plainUserId,
      summary: '矩阵评论',
      status: 'pending',
      reason: null,
      reviewer_id: null,
      created_at: t,
      updated_at: t,
      reviewed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return shown ? c.id : s.id;
}

/** A community of the application written directly (the plain user its member, or a request of theirs), and a post of theirs. */
async function community(f: Fixture, plainUser: 'active' | 'requested' | null = null): Promise<{ id: number; post: number }> {
  const t = new Date().toISOString();
  const c = await ctx.db
    .insertInto('communities')
    .values({
      application_id: f.appId,
      name: '矩阵社区',
      description: '',
      cover_key: null,
      cover_type: null,
      join_rule: 'open',
      archived_at: null,
      created_by: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (plainUser)
    await ctx.db
      .insertInto('community_members')
      .values({ community_id: c.id, user_id: f.plainUserId, role: 'member', state: plainUser, created_at: t, updated_at: t })
      .execute();
  const p = await ctx.db
    .insertInto('community_posts')
    .values({ community_id: c.id, author_id: f.plainUserId, title: '矩阵帖子', body: '正文', removed_at: null, removed_by: null, created_at: t, updated_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: c.id, post: p.id };
}
const cm = (f: Fixture, id: number) => `/api/v1/applications/${f.appId}/communities/${id}`;

/** Every route of the server, classified. Keys are `METHOD url-pattern` exactly as registered. */
const ROUTES: Record<string, Row> = {
  'GET /healthz': { call: () => ({ url: '/healthz' }) },
  'GET /readyz': { call: () => ({ url: '/readyz' }) },
  // the API's description: public outside production; in production super managers only
  // (decision 419: server/http/openapi.test.ts builds the app in production mode)
  'GET /api/openapi.json': { access: 'public', call: () => ({ url: '/api/openapi.json' }) },
  'GET /api/docs': { access: 'public', call: () => ({ url: '/api/docs' }) },
  'GET /api/docs/static/index.html': { access: 'public', status: 302, call: () => ({ url: '/api/docs/static/index.html' }) },
  'GET /api/docs/static/swagger-initializer.js': { access: 'public', call: () => ({ url: '/api/docs/static/swagger-initializer.js' }) },
  'GET /api/docs/json': { access: 'public', call: () => ({ url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { access: 'public', call: () => ({ url: '/api/docs/yaml' }) },
  'GET /api/docs/static/*': { access: 'public', call: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  'PUT /api/v3/oauth/digits': {
    call: (_f, n) => ({ url: '/api/v3/oauth/digits', body: { country_code: '86', mobile_number: `1370000${String(1000 + n)}` } }),
  },
  'POST /api/v3/oauth/digits': {
    status: 400,
    call: () => ({ url: '/api/v3/oauth/digits', body: { country_code: '86', mobile_number: '13700009999', sms_code: '000000' } }),
  },
  'GET /api/v1/session': { call: () => ({ url: '/api/v1/session' }) },
  'GET /api/v1/session/signing-key': { call: () => ({ url: '/api/v1/session/signing-key' }) },
  'POST /toolsApi/applicationExport/export': {
    call: (f) => ({ url: '/toolsApi/applicationExport/export', body: { applicationId: f.appId } }),
  },
  'DELETE /api/v1/session': { call: () => ({ url: '/api/v1/session' }) },
  'GET /api/v1/applications': { call: () => ({ url: '/api/v1/applications' }) },
  // the missing calls of spec 2 §7 (decisions 294-298)
  'GET /api/v1/applications/suggestions': { call: () => ({ url: '/api/v1/applications/suggestions?query=%E7%9F%A9' }) },
  'GET /api/v2/applications/suggestions': { call: (_f, _n, uid) => ({ url: `/api/v2/applications/suggestions?userId=${uid}` }) },
  'GET /welcome': { call: () => ({ url: '/welcome' }) },
  'POST /api/v1/banners/title': { call: (f) => ({ url: '/api/v1/banners/title', body: { url: `/microapp/profile/${f.resourceId}` } }) },
  'GET /technology/news/v2/domain/list': { call: () => ({ url: '/technology/news/v2/domain/list' }) },
  'GET /toolsApi/headline/getByUserId': { call: (_f, _n, uid) => ({ url: `/toolsApi/headline/getByUserId?userId=${uid}` }) },
  'POST /toolsApi/headline/save': {
    call: (_f, _n, uid) => ({ url: '/toolsApi/headline/save', body: { userId: uid, domains: ['人工智能'] } }),
  },
  'GET /api/v2/scholars/:id': { call: (f) => ({ url: `/api/v2/scholars/${f.resourceId}` }) },
  'POST /toolsApi/userLogin/login': { status: 'any', call: () => ({ url: '/toolsApi/userLogin/login', body: { loginInfo: 'AAAA' } }) },
  'GET /web/oauth/signin/simple': { status: 302, call: () => ({ url: '/web/oauth/signin/simple?redirect=%2F' }) },
  'GET /api/v1/modules/top-scholar/suggestions': { call: () => ({ url: '/api/v1/modules/top-scholar/suggestions?q=%E7%9F%A9' }) },
  'POST /api/v3/resources/journal': { call: () => ({ url: '/api/v3/resources/journal', body: { q: '矩' } }) },
  'POST /api/v1/resources/conferences/suggestions': { call: () => ({ url: '/api/v1/resources/conferences/suggestions', body: { q: '会' } }) },
  'GET /api/v1/applications/available': { call: () => ({ url: '/api/v1/applications/available' }) },
  'POST /api/v1/applications': {
    status: 201,
    call: () => ({ url: '/api/v1/applications', body: { name: '矩阵新站', host: `new-${uniq()}.example.cn` } }),
  },
  'GET /api/v1/applications/config': { call: (f) => ({ url: `/api/v1/applications/config?host=${f.host}` }) },
  'GET /api/v1/applications/:id/config': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/config` }) },
  'PUT /api/v1/applications/:id': { call: (f) => ({ url: `/api/v1/applications/${f.appId}`, body: { name: '矩阵站点' } }) },
  'DELETE /api/v1/applications/:id': { call: async () => ({ url: `/api/v1/applications/${await freshApp()}` }) },
  'POST /api/v1/applications/:id/home-config': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/home-config`, body: homeConfig }) },
  'POST /api/v3/modules/top-:kind': { call: (f) => ({ url: '/api/v3/modules/top-scholar', body: { topicId: f.topicId } }) },
  'POST /api/v4/modules/top-:kind': { call: (f) => ({ url: '/api/v4/modules/top-scholar', body: { topicId: f.topicId } }) },
  'POST /api/v1/modules/top-monographs': { call: (f) => ({ url: '/api/v1/modules/top-monographs', body: { topicId: f.topicId } }) },
  'POST /api/v2/modules/top-monographs': { call: (f) => ({ url: '/api/v2/modules/top-monographs', body: { topicId: f.topicId } }) },
  'GET /api/v1/modules/top-notice': { call: (f) => ({ url: `/api/v1/modules/top-notice?applicationId=${f.appId}` }) },
  'GET /api/v1/modules/top-link': { call: (f) => ({ url: `/api/v1/modules/top-link?applicationId=${f.appId}` }) },
  'GET /api/v1/modules/panel-read': {
    call: (f) => ({
      url: `/api/v1/modules/panel-read?applicationId=${f.appId}&read=${encodeURIComponent(JSON.stringify({ key: 'n', source: 'notice', count: 4, moduleId: 'm1' }))}`,
    }),
  },
  'GET /api/v1/modules/top-wechat-article': { call: () => ({ url: '/api/v1/modules/top-wechat-article?wechatId=matrix' }) },
  'GET /api/v1/modules/top-job': { call: (f) => ({ url: `/api/v1/modules/top-job?topicId=${f.topicId}` }) },
  'GET /api/v1/modules/top-bulletin': { call: (f) => ({ url: `/api/v1/modules/top-bulletin?topicId=${f.topicId}` }) },
  'GET /api/v1/topics': { call: () => ({ url: '/api/v1/topics' }) },
  'GET /api/v1/topics/:topicId/categories': { call: (f) => ({ url: `/api/v1/topics/${f.topicId}/categories` }) },
  // topics and their data (decision 265): topics by super managers, a topic's data by the managers of its applications
  'POST /api/v1/topics': { status: 201, call: () => ({ url: '/api/v1/topics', body: { title: `矩阵专题${uniq()}` } }) },
  'PUT /api/v1/topics/:topicId': {
    call: async () => ({ url: `/api/v1/topics/${await ensureTopic(ctx.db, `改名专题${uniq()}`)}`, body: { title: `改名后${uniq()}` } }),
  },
  'DELETE /api/v1/topics/:topicId': { call: async () => ({ url: `/api/v1/topics/${await ensureTopic(ctx.db, `待删专题${uniq()}`)}` }) },
  'PUT /api/v1/topics/:topicId/categories': {
    status: 404,
    call: (f) => ({ url: `/api/v1/topics/${f.topicId}/categories`, body: { op: 'rename', path: ['无此分类'], to: '矩阵分类' } }),
  },
  'GET /api/v1/topics/:topicId/categories/usage': {
    status: 404,
    call: (f) => ({ url: `/api/v1/topics/${f.topicId}/categories/usage?category=${encodeURIComponent('无此分类')}` }),
  },
  'GET /api/v1/topics/:topicId/stats': { call: (f) => ({ url: `/api/v1/topics/${f.topicId}/stats` }) },
  'GET /api/v1/topics/:topicId/resources': { call: (f) => ({ url: `/api/v1/topics/${f.topicId}/resources?type=scholar` }) },
  'POST /api/v1/topics/:topicId/resources': {
    status: 201,
    call: (f) => ({ url: `/api/v1/topics/${f.topicId}/resources`, body: { type: 'policy', title: '矩阵政策', fields: {} } }),
  },
  'PUT /api/v1/topics/:topicId/resources/:resourceId': {
    status: 404,
    call: (f) => ({ url: `/api/v1/topics/${f.topicId}/resources/999999`, body: { title: '矩阵政策', fields: {} } }),
  },
  'DELETE /api/v1/topics/:topicId/resources/:resourceId': {
    status: 404,
    call: (f) => ({ url: `/api/v1/topics/${f.topicId}/resources/999999` }),
  },
  // background tasks and imports from the console (decision 267): super managers
  'POST /api/v1/imports/preview': { status: 'any', call: () => ({ url: '/api/v1/imports/preview', body: {} }) },
  'POST /api/v1/tasks/imports': { status: 'any', call: () => ({ url: '/api/v1/tasks/imports', body: {} }) },
  'POST /api/v1/tasks/reindex': { status: 201, call: () => ({ url: '/api/v1/tasks/reindex', body: {} }) },
  'GET /api/v1/tasks': { call: () => ({ url: '/api/v1/tasks' }) },
  'GET /api/v1/tasks/:id': { status: 404, call: () => ({ url: '/api/v1/tasks/999999' }) },
  'POST /api/v1/tasks/:id/cancel': { status: 404, call: () => ({ url: '/api/v1/tasks/999999/cancel', body: {} }) },
  'POST /api/v1/tasks/:id/retry': { status: 404, call: () => ({ url: '/api/v1/tasks/999999/retry', body: {} }) },
  'POST /api/v1/topics/:topicId/resources/bulk': {
    call: (f) => ({ url: `/api/v1/topics/${f.topicId}/resources/bulk`, body: { action: 'publish', ids: [f.resourceId] } }),
  },
  'GET /api/v1/search': { call: () => ({ url: '/api/v1/search?q=%E7%9F%A9%E9%98%B5' }) },
  'GET /api/v1/literature': { call: () => ({ url: '/api/v1/literature?q=%E7%9F%A9%E9%98%B5' }) },
  'GET /api/v1/search/advanced': { call: () => ({ url: '/api/v1/search/advanced?c=AND.title.%E7%9F%A9%E9%98%B5&c=NOT.keyword.%E7%BB%BC%E8%BF%B0' }) },
  'GET /api/v1/resources/:type/:id': { call: (f) => ({ url: `/api/v1/resources/scholar/${f.resourceId}` }) },
  'GET /api/v1/resources/:type/:id/citation': { call: (f) => ({ url: `/api/v1/resources/scholar/${f.resourceId}/citation?format=bibtex` }) },
  'GET /api/v1/citations': { call: (f) => ({ url: `/api/v1/citations?ids=${f.resourceId}&format=ris` }) },
  'POST /api/v2/files': { status: 'any', call: () => ({ url: '/api/v2/files', body: {} }) },
  'POST /api/v1/files': { status: 'any', call: () => ({ url: '/api/v1/files', body: {} }) },
  'GET /api/v1/files': { call: () => ({ url: '/api/v1/files' }) },
  'GET /api/v1/files/:key/info': { status: 404, call: () => ({ url: '/api/v1/files/missing.pdf/info' }) },
  'DELETE /api/v1/files/:id': { status: 404, call: () => ({ url: '/api/v1/files/999999' }) },
  'GET /files/:key': { status: 404, call: () => ({ url: '/files/missing.png' }) },
  'GET /tools': { call: (f) => ({ url: `/tools?appid=${f.appId}` }) },
  'GET /api/v1/tools': { call: (f) => ({ url: `/api/v1/tools?appid=${f.appId}` }) },
  'GET /api/v1/wechats/available': { call: () => ({ url: '/api/v1/wechats/available' }) },
  'GET /api/v1/applications/:id/wechats': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/wechats` }) },
  'POST /api/v1/applications/:id/wechat': {
    status: 201,
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/wechat`, body: { wechatId: `w${uniq()}`, name: '矩阵公众号' } }),
  },
  'DELETE /api/v1/applications/:id/wechat': {
    call: async (f) => {
      const wechatId = `w${uniq()}`;
      await ctx.db
        .insertInto('wechat_accounts')
        .values({ application_id: f.appId, wechat_id: wechatId, name: '待解绑', created_at: new Date().toISOString() })
        .execute();
      return { url: `/api/v1/applications/${f.appId}/wechat`, body: { wechatId } };
    },
  },
  'GET /api/v1/applications/:id/wechats/:wechatId/articles': {
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/wechats/matrix/articles` }),
  },
  'POST /api/v1/applications/:id/wechats/:wechatId/articles': {
    status: 201,
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/wechats/matrix/articles`, body: article() }),
  },
  'DELETE /api/v1/applications/:id/wechats/:wechatId/articles/:articleId': {
    status: 404,
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/wechats/matrix/articles/999999` }),
  },
  // roles and rights (server/routes/roles)
  'GET /api/v1/applications/managers': { call: () => ({ url: '/api/v1/applications/managers' }) },
  'POST /api/v1/applications/managers': {
    status: 201,
    call: (f, n) => ({ url: '/api/v1/applications/managers', body: { applicationId: f.appId, phone: `1360000${String(2000 + n)}`, rights: ['home'] } }),
  },
  'PUT /api/v1/applications/managers': {
    call: async (f) => {
      const row = await ctx.db
        .selectFrom('application_managers')
        .select('id')
        .where('application_id', '=', f.appId)
        .where('user_id', '=', f.managerUserId)
        .executeTakeFirstOrThrow();
      return { url: '/api/v1/applications/managers', body: { id: row.id, rights: [...MANAGER_RIGHTS] } };
    },
  },
  'DELETE /api/v1/applications/managers/:id': {
    call: async (f) => {
      const u = await ctx.db
        .insertInto('users')
        .values({ phone: null, email: null, name: '待移除', affiliation: '', role: 'user', anonymous: 0, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const m = await ctx.db.insertInto('application_managers').values({ application_id: f.appId, user_id: u.id }).returning('id').executeTakeFirstOrThrow();
      return { url: `/api/v1/applications/managers/${m.id}` };
    },
  },
  'GET /api/v1/applications/managers/suggestions': { call: () => ({ url: '/api/v1/applications/managers/suggestions?query=136' }) },
  'POST /api/v1/applications/users': {
    call: (f) => ({ url: '/api/v1/applications/users', body: { action: 'list', applicationId: f.appId } }),
  },
  'POST /api/v1/applications/user_rights': { call: (f) => ({ url: '/api/v1/applications/user_rights', body: { applicationId: f.appId } }) },
  'POST /api/v1/applications/manager_rights': { call: () => ({ url: '/api/v1/applications/manager_rights', body: {} }) },
  'DELETE /api/v1/applications/manager_rights': { call: (f) => ({ url: `/api/v1/applications/manager_rights?userId=${f.plainUserId}` }) },
  'POST /api/v1/applications/super_managers': {
    call: (f) => ({ url: '/api/v1/applications/super_managers', body: { userId: f.plainUserId, super: false } }),
  },
  'POST /api/v1/applications/:id/role-config': {
    call: (f) => ({
      url: `/api/v1/applications/${f.appId}/role-config`,
      body: {
        roleConfig: [
          { id: 'user', name: '普通用户', rights: [] },
          { id: 'tmp', name: '临时', rights: [] },
        ],
        defaultUserRole: 'user',
      },
    }),
  },
  'POST /api/v1/applications/:id/delete_role': {
    call: async (f) => {
      await ctx.db
        .updateTable('applications')
        .set({
          role_config: JSON.stringify([
            { id: 'user', name: '普通用户', rights: [] },
            { id: 'gone', name: '将删除', rights: [] },
          ]),
        })
        .where('id', '=', f.appId)
        .execute();
      return { url: `/api/v1/applications/${f.appId}/delete_role`, body: { roleId: 'gone' } };
    },
  },
  'PUT /api/v1/applications/:id/release': {
    call: async (f) => {
      await ctx.db.updateTable('applications').set({ status: 'draft' }).where('id', '=', f.appId).execute();
      return { url: `/api/v1/applications/${f.appId}/release` };
    },
  },
  'PUT /api/v1/applications/:id/pass': {
    call: async (f) => {
      await ctx.db.updateTable('applications').set({ status: 'submitted' }).where('id', '=', f.appId).execute();
      return { url: `/api/v1/applications/${f.appId}/pass` };
    },
  },
  // site header, footer, theme and logo (server/routes/applications/siteConfig.ts, logo.ts)
  'POST /api/v1/applications/:id/header-config': {
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/header-config`, body: { headerConfig: { menu: [] } } }),
  },
  'POST /api/v1/applications/:id/footer-config': {
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/footer-config`, body: { footerConfig: { copyright: '矩阵' } } }),
  },
  'POST /api/v1/applications/:id/theme-config': {
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/theme-config`, body: { themeConfig: { primaryColor: '#0066ff' } } }),
  },
  'POST /api/v1/applications/:id/logo': { status: 'any', call: (f) => ({ url: `/api/v1/applications/${f.appId}/logo`, body: {} }) },
  'DELETE /api/v1/applications/:id/logo': { status: 'any', call: (f) => ({ url: `/api/v1/applications/${f.appId}/logo` }) },
  'GET /files/logos/:name': { status: 404, call: () => ({ url: '/files/logos/missing.png' }) },
  // notices and resource links (server/routes/notices, links): visitors read published ones
  'GET /api/v1/notices': { call: (f) => ({ url: `/api/v1/notices?applicationId=${f.appId}` }) },
  // the moderation engine and readers' comments (decisions 550-566)
  'GET /api/v1/moderation/submissions': { call: (f) => ({ url: `/api/v1/moderation/submissions?applicationId=${f.appId}&kind=comment` }) },
  'POST /api/v1/moderation/review': {
    call: async (f) => ({ url: '/api/v1/moderation/review', body: { applicationId: f.appId, ids: [await comment(f, false)], action: 'approve' } }),
  },
  'GET /api/v1/moderation/pending': { call: () => ({ url: '/api/v1/moderation/pending' }) },
  // the review queues of issue 29 §6 (decisions 610-619)
  'POST /api/v1/submissions/recommendations': {
    status: 201,
    call: (f) => ({
      url: '/api/v1/submissions/recommendations',
      body: { applicationId: f.appId, mode: 'url', title: '矩阵推荐', url: 'https://example.cn/r' },
    }),
  },
  'PUT /api/v1/submissions/recommendations/:id/placement': {
    call: async (f) => ({ url: `/api/v1/submissions/recommendations/${await recommendation(f)}/placement`, body: { category: '矩阵分类' } }),
  },
  'GET /api/v1/submissions/mine': { call: () => ({ url: '/api/v1/submissions/mine' }) },
  'DELETE /api/v1/submissions/:id': { status: 404, call: () => ({ url: '/api/v1/submissions/999999' }) },
  // 学者认证与成果认领 (decisions 650-656)
  'POST /api/v1/scholar-claims/code': {
    status: 404,
    call: (f) => ({ url: '/api/v1/scholar-claims/code', body: { applicationId: f.appId, scholarId: 999999, email: 'a@example.edu.cn' } }),
  },
  'POST /api/v1/scholar-claims': {
    status: 201,
    call: async (f, n) => ({
      url: '/api/v1/scholar-claims',
      body: { applicationId: f.appId, scholarId: await scholar(n), evidence: 'document', document: { name: 'a.pdf', data: MATRIX_PDF } },
    }),
  },
  'PUT /api/v1/scholar-claims/profile': {
    status: 201,
    call: async (f, _n, uid) => {
      await verifiedScholar(uid);
      return { url: '/api/v1/scholar-claims/profile', body: { applicationId: f.appId, biography: `矩阵简介${seq++}`, links: [] } };
    },
  },
  'GET /api/v1/scholar-claims/mine': { call: () => ({ url: '/api/v1/scholar-claims/mine' }) },
  'GET /api/v1/scholar-claims/:id/document': { status: 404, call: async (f) => ({ url: `/api/v1/scholar-claims/${await scholarRequest(f)}/document` }) },
  'GET /api/v1/scholars/:id/verification': { call: async (f, n) => ({ url: `/api/v1/scholars/${await scholar(n)}/verification?applicationId=${f.appId}` }) },
  'POST /api/v1/fruit-appeals': {
    status: 201,
    call: async (f, n, uid) => {
      await verifiedScholar(uid);
      return { url: '/api/v1/fruit-appeals', body: { applicationId: f.appId, resourceId: await output(n), mode: 'claim' } };
    },
  },
  'GET /api/v1/outputs/:id/authors': { call: async (f, n) => ({ url: `/api/v1/outputs/${await output(n)}/authors?applicationId=${f.appId}` }) },
  'GET /api/v1/comments': { call: async (f) => ({ url: `/api/v1/comments?applicationId=${f.appId}&targetType=notice&targetId=${await notice(f)}` }) },
  'POST /api/v1/comments': {
    status: 201,
    call: async (f) => ({
      url: '/api/v1/comments',
      body: { applicationId: f.appId, targetType: 'notice', targetId: String(await notice(f)), body: '矩阵里的评论' },
    }),
  },
  'DELETE /api/v1/comments/:id': { status: 404, call: () => ({ url: '/api/v1/comments/999999' }) },
  'POST /api/v1/comments/:id/like': { call: async (f) => ({ url: `/api/v1/comments/${await comment(f, true)}/like` }) },
  'POST /api/v1/comments/:id/report': { call: async (f) => ({ url: `/api/v1/comments/${await comment(f, true)}/report`, body: { reason: '矩阵' } }) },
  'GET /api/v1/applications/:id/comment-settings': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/comment-settings` }) },
  'PUT /api/v1/applications/:id/comment-settings': {
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/comment-settings`, body: { mode: 'pre', targets: ['notice', 'resource', 'report', 'wechat'] } }),
  },
  'GET /api/v1/applications/:id/sensitive-words': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/sensitive-words` }) },
  'PUT /api/v1/applications/:id/sensitive-words': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/sensitive-words`, body: { text: '矩阵敏感词' } }) },
  'GET /api/v1/notices/:id': { status: 404, call: () => ({ url: '/api/v1/notices/999999' }) },
  'POST /api/v1/notices': {
    status: 201,
    call: (f) => ({
      url: '/api/v1/notices',
      body: { applicationId: f.appId, title: '矩阵通知', content: '<p>内容</p>', publishDateTime: new Date().toISOString() },
    }),
  },
  'PUT /api/v1/notices/:id': { call: async (f) => ({ url: `/api/v1/notices/${await notice(f)}`, body: { title: '矩阵通知（改）' } }) },
  'DELETE /api/v1/notices/:id': { call: async (f) => ({ url: `/api/v1/notices/${await notice(f)}` }) },
  'GET /api/v1/links': { call: (f) => ({ url: `/api/v1/links?applicationId=${f.appId}` }) },
  'GET /api/v1/links/:linkId': { call: async (f) => ({ url: `/api/v1/links/${await link(f)}` }) },
  'POST /api/v1/links': {
    status: 201,
    call: (f) => ({ url: '/api/v1/links', body: { applicationId: f.appId, title: '矩阵链接', url: 'https://example.cn/' } }),
  },
  'PUT /api/v1/links/:linkId': { call: async (f) => ({ url: `/api/v1/links/${await link(f)}`, body: { title: '矩阵链接（改）' } }) },
  'DELETE /api/v1/links/:linkId': { call: async (f) => ({ url: `/api/v1/links/${await link(f)}` }) },
  // the console resource manager (server/routes/resources)
  'GET /api/v1/applications/:id/resources': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/resources?type=policy` }) },
  'POST /api/v1/applications/:id/resources': {
    status: 201,
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/resources`, body: { type: 'policy', title: `矩阵政策${uniq()}`, fields: {} } }),
  },
  'PUT /api/v1/applications/:id/resources/:resourceId': {
    status: 'any',
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/resources/999999`, body: { title: '矩阵' } }),
  },
  'DELETE /api/v1/applications/:id/resources/:resourceId': {
    status: 'any',
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/resources/999999` }),
  },
  // the visitor's research reports (server/routes/reports; the console edits them through the topic data calls)
  'GET /api/v1/reports': { call: (f) => ({ url: `/api/v1/reports?applicationId=${f.appId}` }) },
  'GET /api/v1/reports/:id': { status: 404, call: (f) => ({ url: `/api/v1/reports/999999?applicationId=${f.appId}` }) },
  // the OAI-PMH provider of the released site of the Host (server/oai): public, rate-limited with the API
  'GET /oai': { call: (f) => ({ url: '/oai?verb=Identify', host: f.host }) },
  'POST /oai': { call: (f) => ({ url: '/oai', body: { verb: 'ListSets' }, host: f.host }) },
  // usage analytics (server/routes/analytics): the beacon is public (its site is the Host's: none here, 204 counting nothing, decision 407)
  'POST /api/v1/analytics/beacon': { status: 204, call: () => ({ url: '/api/v1/analytics/beacon', body: { e: [{ k: 'signin' }] } }) },
  'GET /api/v1/applications/:id/analytics': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/analytics` }) },
  // the custom component catalogue (server/routes/xmodules)
  'GET /api/v1/xmodules': { call: () => ({ url: '/api/v1/xmodules' }) },
  'GET /api/v1/xmodules/options/resource-types': { call: () => ({ url: '/api/v1/xmodules/options/resource-types' }) },
  'POST /api/v1/xmodules': { status: 'any', call: () => ({ url: '/api/v1/xmodules', body: {} }) },
  'PUT /api/v1/xmodules/:id': { status: 'any', call: () => ({ url: '/api/v1/xmodules/999999', body: {} }) },
  'DELETE /api/v1/xmodules/:id': { status: 'any', call: () => ({ url: '/api/v1/xmodules/999999' }) },
  // institution counts (server/routes/institutions): public like the panel reads
  'POST /api/v1/resources/institution/fruit-scholar-count': {
    call: () => ({ url: '/api/v1/resources/institution/fruit-scholar-count', body: { q: 'MIT|清华大学' } }),
  },
  // the map of China's counts (server/routes/map, decisions 720-722): public like the search
  'GET /api/v1/map/provinces': { call: () => ({ url: '/api/v1/map/provinces?metric=scholars' }) },
  'GET /api/v1/map/provinces/:province': { call: () => ({ url: `/api/v1/map/provinces/${encodeURIComponent('北京市')}` }) },
  // an institution's scholars (its detail page, decision 391): public like the detail read; no such institution here
  'GET /api/v1/resources/institution/:id/scholars': { status: 404, call: () => ({ url: '/api/v1/resources/institution/999999/scholars' }) },
  // composed pages /xrender/{pageId} (server/routes/pages)
  'GET /api/v1/applications/:id/pages': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/pages` }) },
  'POST /api/v1/applications/:id/pages': {
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/pages`, body: { pageId: `m-${uniq()}`, title: '矩阵页面' } }),
  },
  'GET /api/v1/applications/:id/pages/:pageId': { call: async (f) => ({ url: `/api/v1/applications/${f.appId}/pages/${await matrixPage(f)}` }) },
  'PUT /api/v1/applications/:id/pages/:pageId': {
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/pages/${await matrixPage(f)}`, body: { title: '改过的标题' } }),
  },
  'POST /api/v1/applications/:id/pages/:pageId/home-config': {
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/pages/${await matrixPage(f)}/home-config`, body: homeConfig }),
  },
  'POST /api/v1/applications/:id/pages/:pageId/publish': {
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/pages/${await matrixPage(f)}/publish` }),
  },
  'POST /api/v1/applications/:id/pages/:pageId/withdraw': {
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/pages/${await matrixPage(f)}/withdraw` }),
  },
  'DELETE /api/v1/applications/:id/pages/:pageId': { call: async (f) => ({ url: `/api/v1/applications/${f.appId}/pages/${await matrixPage(f)}` }) },
  'GET /api/v1/applications/:id/pages/:pageId/revisions': {
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/pages/${await matrixPage(f)}/revisions` }),
  },
  'GET /api/v1/applications/:id/pages/:pageId/revisions/:revisionId': {
    status: 404,
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/pages/${await matrixPage(f)}/revisions/999999` }),
  },
  'POST /api/v1/applications/:id/pages/:pageId/revisions/:revisionId/restore': {
    status: 404,
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/pages/${await matrixPage(f)}/revisions/999999/restore` }),
  },
  'GET /api/v1/xrender/:pageId': { call: async (f) => ({ url: `/api/v1/xrender/${await matrixPage(f, 'published')}?applicationId=${f.appId}` }) },
  // home config revisions (server/routes/revisions)
  'GET /api/v1/applications/:id/home-config/revisions': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/home-config/revisions` }) },
  'GET /api/v1/applications/:id/home-config/revisions/:revisionId': {
    status: 404,
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/home-config/revisions/999999` }),
  },
  'POST /api/v1/applications/:id/home-config/revisions/:revisionId/restore': {
    status: 404,
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/home-config/revisions/999999/restore` }),
  },
  // sign-in (server/routes/signin): the ways in are public; a site's sign-in settings belong to its managers
  'PUT /api/v1/oauth/email/digits': { call: (_f, n) => ({ url: '/api/v1/oauth/email/digits', body: { email: `matrix${n}@example.cn` } }) },
  'POST /api/v1/oauth/email/digits': {
    status: 400,
    call: () => ({ url: '/api/v1/oauth/email/digits', body: { email: 'nobody@example.cn', email_code: '000000' } }),
  },
  'GET /api/v1/oauth/options': { call: () => ({ url: '/api/v1/oauth/options' }) },
  'PUT /api/v1/applications/:id/oauth-uri': {
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/oauth-uri`, body: { mailAllowSuffix: 'example.cn' } }),
  },
  'GET /api/v1/applications/oauth/clients/:id': { status: 404, call: () => ({ url: '/api/v1/applications/oauth/clients/missing' }) },
  'GET /api/v1/applications/:id/oauth/clients': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/oauth/clients` }) },
  'POST /api/v1/applications/:id/oauth/clients': {
    status: 'any',
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/oauth/clients`, body: {} }),
  },
  'DELETE /api/v1/applications/:id/oauth/clients/:clientId': {
    status: 'any',
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/oauth/clients/missing` }),
  },
  'GET /api/v1/oauth/sso/start': { status: 'any', call: () => ({ url: '/api/v1/oauth/sso/start?redirect=%2Fconsole' }) },
  'GET /api/v1/oauth/sso/callback': { status: 'any', call: () => ({ url: '/api/v1/oauth/sso/callback?code=x&state=y' }) },
  'POST /api/v1/oauth/login-info': { status: 'any', call: () => ({ url: '/api/v1/oauth/login-info', body: { loginInfo: 'AAAA' } }) },
  'POST /api/v1/users/anonymous': {
    status: 'any',
    call: (_f, n) => ({ url: '/api/v1/users/anonymous', body: { fingerprint: `fp-matrix-${n}-0123456789abcdef` } }),
  },
  'GET /api/v1/sessions': { call: () => ({ url: '/api/v1/sessions' }) },
  'DELETE /api/v1/sessions/:id': { status: 404, call: () => ({ url: '/api/v1/sessions/0123456789ab' }) },
  'DELETE /api/v1/sessions': { call: () => ({ url: '/api/v1/sessions' }) },
  // personalisation (server/routes/personal): a user acts on, is recommended and subscribes for themself
  'POST /api/v1/actions': { status: 'any', call: (f) => ({ url: '/api/v1/actions', body: { resourceId: f.resourceId, action: 'browse' } }) },
  'GET /api/v2/recommendations': { call: (_f, _n, uid) => ({ url: `/api/v2/recommendations?userId=${uid}` }) },
  'GET /api/v1/top-recommendations': { call: (_f, _n, uid) => ({ url: `/api/v1/top-recommendations?userId=${uid}` }) },
  // document delivery (server/routes/dds; decisions 600-609)
  'POST /api/v1/dds': { status: 201, call: (f) => ({ url: '/api/v1/dds', body: { applicationId: f.appId, title: '矩阵文献' } }) },
  'GET /api/v1/dds/mine': { call: (f) => ({ url: `/api/v1/dds/mine?applicationId=${f.appId}` }) },
  'GET /api/v1/dds/mine/:id/file': { status: 404, call: () => ({ url: '/api/v1/dds/mine/999999/file?agree=1' }) },
  'GET /api/v1/dds/lookup': { call: (f) => ({ url: `/api/v1/dds/lookup?applicationId=${f.appId}&resourceId=${f.resourceId}` }) },
  'GET /api/v1/applications/:id/dds': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/dds` }) },
  'GET /api/v1/applications/:id/dds/:requestId': { call: async (f) => ({ url: `/api/v1/applications/${f.appId}/dds/${await ddsRequest(f)}` }) },
  'POST /api/v1/applications/:id/dds/:requestId/deliver': {
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/dds/${await ddsRequest(f)}/deliver`, body: { fileName: 'a.pdf', file: MATRIX_PDF } }),
  },
  'POST /api/v1/applications/:id/dds/:requestId/refuse': {
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/dds/${await ddsRequest(f)}/refuse`, body: { reason: '矩阵原因' } }),
  },
  'GET /api/v1/applications/:id/dds-settings': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/dds-settings` }) },
  'PUT /api/v1/applications/:id/dds-settings': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/dds-settings`, body: { dailyLimit: 5 } }) },
  'POST /api/v1/recommendations/not-interested': {
    status: 'any',
    call: (f) => ({ url: '/api/v1/recommendations/not-interested', body: { resourceId: f.resourceId } }),
  },
  'POST /api/v2/subscriptions': {
    status: 'any',
    call: (f, _n, uid) => ({ url: '/api/v2/subscriptions', body: { subscriber: uid, resourceType: 'journal', resources: [f.resourceId] } }),
  },
  'POST /api/v1/subscriptions': {
    status: 'any',
    call: (f, _n, uid) => ({ url: '/api/v1/subscriptions', body: { subscriber: uid, journal: f.resourceId } }),
  },
  'POST /api/v3/subscriptions': {
    status: 'any',
    call: (f, _n, uid) => ({ url: '/api/v3/subscriptions', body: { subscriber: uid, journal: f.resourceId, app_id: f.appId } }),
  },
  'DELETE /api/v1/subscriptions': {
    status: 'any',
    call: (f, _n, uid) => ({ url: '/api/v1/subscriptions', body: { subscriber: uid, resource_id: f.resourceId } }),
  },
  'DELETE /api/v3/subscriptions': {
    status: 'any',
    call: (f, _n, uid) => ({ url: '/api/v3/subscriptions', body: { subscriber: uid, resource_id: f.resourceId, app_id: f.appId } }),
  },
  'GET /api/v2/list/subscriptions': { call: (_f, _n, uid) => ({ url: `/api/v2/list/subscriptions?subscriber=${uid}` }) },
  // account settings and personal topic links (server/routes/account, userLinks): a user's own only
  'GET /api/v1/users/:id/info': { call: (_f, _n, uid) => ({ url: `/api/v1/users/${uid}/info` }) },
  'PUT /api/v1/account/profile': {
    status: 'any',
    call: () => ({ url: '/api/v1/account/profile', body: { name: '矩阵用户', affiliation: '矩阵单位' } }),
  },
  'PUT /api/v1/account/bind/mobile': {
    status: 'any',
    call: () => ({ url: '/api/v1/account/bind/mobile', body: { mobile_number: '13900009999', sms_code: '000000' } }),
  },
  'PUT /api/v1/account/bind/email/digits': {
    status: 'any',
    call: (_f, n) => ({ url: '/api/v1/account/bind/email/digits', body: { email: `bind${n}@example.cn` } }),
  },
  'PUT /api/v1/account/bind/email': {
    status: 'any',
    call: () => ({ url: '/api/v1/account/bind/email', body: { email: 'bind@example.cn', email_code: '000000' } }),
  },
  'GET /api/v1/wechat/qrcode/': { status: 'any', call: () => ({ url: '/api/v1/wechat/qrcode/?client_name=atrium&client_id=matrix' }) },
  'GET /api/v1/wechat/qrcode': { status: 'any', call: () => ({ url: '/api/v1/wechat/qrcode?client_name=atrium&client_id=matrix' }) },
  'POST /api/v1/wechat/dev/scan': { status: 'any', call: () => ({ url: '/api/v1/wechat/dev/scan', body: {} }) },
  'PUT /api/v1/account/bind/wechat': { status: 'any', call: () => ({ url: '/api/v1/account/bind/wechat', body: { ticket: 'missing' } }) },
  'DELETE /api/v1/account/unbind': {
    status: 'any',
    call: (_f, _n, uid) => ({ url: '/api/v1/account/unbind', body: { uid, login_id: 'email' } }),
  },
  'GET /api/v1/scholars/is-register': { call: () => ({ url: '/api/v1/scholars/is-register?key=name&value=%E7%9F%A9%E9%98%B5' }) },
  'PUT /api/v2/scholars': { status: 'any', call: () => ({ url: '/api/v2/scholars', body: { name: '矩阵学者', institution: '矩阵大学' } }) },
  'GET /api/v1/topics/suggestions': { call: (_f, _n, uid) => ({ url: `/api/v1/topics/suggestions?userId=${uid}` }) },
  'GET /api/v2/topics/suggestions': { call: (_f, _n, uid) => ({ url: `/api/v2/topics/suggestions?userId=${uid}` }) },
  'GET /api/v1/users/links': { call: (_f, _n, uid) => ({ url: `/api/v1/users/links?userId=${uid}` }) },
  'POST /api/v1/users/links': {
    status: 'any',
    call: (_f, _n, uid) => ({ url: '/api/v1/users/links', body: { userId: uid, kind: 'link', links: [] } }),
  },
  // the audit log (decisions 312-317, 419): super managers all, application managers the applications
  // where they hold 用户管理 (the matrix's managers hold every right; server/routes/auditLogs/auditLogs.test.ts)
  'GET /api/v1/audit-logs': { call: () => ({ url: '/api/v1/audit-logs' }) },
  'GET /api/v1/audit-logs/export.csv': { call: () => ({ url: '/api/v1/audit-logs/export.csv' }) },
  'GET /api/v1/audit-logs/:id': { status: 404, call: () => ({ url: '/api/v1/audit-logs/999999' }) },
  // a released site's feeds, sitemaps and robots.txt, anonymous (server/feeds; decisions 530-536)
  'GET /feeds/:file': { call: (f) => ({ url: '/feeds/notices.rss', host: f.host }) },
  'GET /feeds/resources/:file': { call: (f) => ({ url: '/feeds/resources/scholar.atom', host: f.host }) },
  'GET /feeds/topics/:file': { call: (f) => ({ url: `/feeds/topics/${f.topicId}.rss`, host: f.host }) },
  'GET /sitemap.xml': { call: (f) => ({ url: '/sitemap.xml', host: f.host }) },
  'GET /sitemaps/:file': { call: (f) => ({ url: '/sitemaps/scholar-1.xml', host: f.host }) },
  'GET /robots.txt': { call: (f) => ({ url: '/robots.txt', host: f.host }) },
  // the public read API of a released site, anonymous or with a key (server/routes/publicApi; decisions 630-636)
  'GET /open/v1': { call: (f) => ({ url: '/open/v1', host: f.host }) },
  'GET /open/v1/openapi.json': { call: (f) => ({ url: '/open/v1/openapi.json', host: f.host }) },
  'GET /open/v1/search': { call: (f) => ({ url: '/open/v1/search?q=矩阵', host: f.host }) },
  'GET /open/v1/resources/:type': { call: (f) => ({ url: '/open/v1/resources/article', host: f.host }) },
  'GET /open/v1/resources/:type/:id': { call: (f) => ({ url: `/open/v1/resources/scholar/${f.resourceId}`, host: f.host }) },
  'GET /open/v1/notices': { call: (f) => ({ url: '/open/v1/notices', host: f.host }) },
  'GET /open/v1/notices/:id': { call: async (f) => ({ url: `/open/v1/notices/${await notice(f)}`, host: f.host }) },
  'GET /open/v1/reports': { call: (f) => ({ url: '/open/v1/reports', host: f.host }) },
  'GET /open/v1/reports/:id': { status: 404, call: (f) => ({ url: '/open/v1/reports/999999', host: f.host }) },
  'GET /open/v1/scholars': { call: (f) => ({ url: '/open/v1/scholars', host: f.host }) },
  'GET /open/v1/scholars/:id': { call: (f) => ({ url: `/open/v1/scholars/${f.resourceId}`, host: f.host }) },
  'GET /open/v1/institutions': { call: (f) => ({ url: '/open/v1/institutions', host: f.host }) },
  'GET /open/v1/institutions/:id': { status: 404, call: (f) => ({ url: '/open/v1/institutions/999999', host: f.host }) },
  // its keys, for managers holding 站点设置 (server/routes/apiKeys; decision 631)
  'GET /api/v1/applications/:id/api-keys': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/api-keys` }) },
  'POST /api/v1/applications/:id/api-keys': {
    status: 201,
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/api-keys`, body: { name: '矩阵密钥', scopes: ['search'], ratePerMinute: 60 } }),
  },
  'POST /api/v1/applications/:id/api-keys/:keyId/revoke': {
    call: async (f) => {
      const t = new Date().toISOString();
      const row = await ctx.db
        .insertInto('api_keys')
        .values({
          application_id: f.appId,
          name: '待吊销',
          prefix: 'atr_matrix',
          key_hash: `h-${uniq()}`,
          scopes: '[]',
          rate_per_minute: 1,
          created_by: null,
          created_at: t,
          revoked_at: null,
          last_used_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: `/api/v1/applications/${f.appId}/api-keys/${row.id}/revoke` };
    },
  },
  'GET /api/v1/applications/:id/api-key-usage': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/api-key-usage` }) },
  // the monitors, for managers holding 监测管理 (server/routes/monitors; decision 676)
  'GET /api/v1/monitors/:id/:code': { call: (f) => ({ url: `/api/v1/monitors/${f.appId}/nstl` }) },
  'POST /api/v1/monitors/:id/:code/sources': {
    status: 201,
    call: (f) => ({
      url: `/api/v1/monitors/${f.appId}/sci/sources`,
      body: { name: '矩阵源', kind: 'feed', url: 'http://127.0.0.1:9/feed.xml', schedule: '0 6 * * *' },
    }),
  },
  'PUT /api/v1/monitors/:id/:code/sources/:sourceId': {
    call: async (f) => ({
      url: `/api/v1/monitors/${f.appId}/sci/sources/${await monitorSource(f)}`,
      body: { name: '矩阵源2', kind: 'feed', url: 'http://127.0.0.1:9/feed.xml', schedule: '0 7 * * *', enabled: false },
    }),
  },
  'DELETE /api/v1/monitors/:id/:code/sources/:sourceId': { call: async (f) => ({ url: `/api/v1/monitors/${f.appId}/sci/sources/${await monitorSource(f)}` }) },
  'POST /api/v1/monitors/:id/:code/sources/:sourceId/run': {
    call: async (f) => ({ url: `/api/v1/monitors/${f.appId}/sci/sources/${await monitorSource(f)}/run` }),
  },
  'POST /api/v1/monitors/:id/:code/profiles': {
    status: 201,
    call: (f) => ({ url: `/api/v1/monitors/${f.appId}/stm/profiles`, body: { name: '矩阵主题', kind: 'keywords', terms: ['小麦'] } }),
  },
  'PUT /api/v1/monitors/:id/:code/profiles/:profileId': {
    call: async (f) => ({
      url: `/api/v1/monitors/${f.appId}/stm/profiles/${await monitorProfile(f)}`,
      body: { name: '矩阵主题2', kind: 'journals', terms: ['作物学报'] },
    }),
  },
  'DELETE /api/v1/monitors/:id/:code/profiles/:profileId': {
    call: async (f) => ({ url: `/api/v1/monitors/${f.appId}/stm/profiles/${await monitorProfile(f)}` }),
  },
  'PUT /api/v1/monitors/:id/:code/digest': { call: (f) => ({ url: `/api/v1/monitors/${f.appId}/xjbt/digest`, body: { digest: 'weekly', subscribed: true } }) },
  // readers' feedback and its handling (server/routes/feedback; decisions 570-579)
  'POST /api/v1/feedback': {
    status: 201,
    call: (f) => ({ url: '/api/v1/feedback', body: { applicationId: f.appId, category: 'other', content: '矩阵反馈' } }),
  },
  'GET /api/v1/feedback/mine': { call: (f) => ({ url: `/api/v1/feedback/mine?applicationId=${f.appId}` }) },
  'GET /api/v1/feedback/mine/:id/screenshot': { status: 404, call: () => ({ url: '/api/v1/feedback/mine/999999/screenshot' }) },
  'GET /api/v1/feedback': { call: (f) => ({ url: `/api/v1/feedback?applicationId=${f.appId}` }) },
  'GET /api/v1/feedback/:id': { call: async (f) => ({ url: `/api/v1/feedback/${await feedback(f)}` }) },
  // a feedback without a screenshot: 404 无截图 for those allowed
  'GET /api/v1/feedback/:id/screenshot': { status: 404, call: async (f) => ({ url: `/api/v1/feedback/${await feedback(f)}/screenshot` }) },
  'POST /api/v1/feedback/:id/process': { call: async (f) => ({ url: `/api/v1/feedback/${await feedback(f)}/process` }) },
  'POST /api/v1/feedback/:id/reply': { call: async (f) => ({ url: `/api/v1/feedback/${await feedback(f)}/reply`, body: { reply: '矩阵回复' } }) },
  // reference questions (server/routes/questions; decisions 590-599)
  'POST /api/v1/questions': {
    status: 201,
    call: (f) => ({ url: '/api/v1/questions', body: { applicationId: f.appId, title: '矩阵提问', content: '矩阵提问内容', discipline: '其他' } }),
  },
  'GET /api/v1/questions/mine': { call: (f) => ({ url: `/api/v1/questions/mine?applicationId=${f.appId}` }) },
  // nobody's question: 404 for every signed-in caller
  'POST /api/v1/questions/mine/:id/supplement': { status: 404, call: () => ({ url: '/api/v1/questions/mine/999999/supplement', body: { text: '补充' } }) },
  'GET /api/v1/questions/mine/:id/attachments/:attachmentId': { status: 404, call: () => ({ url: '/api/v1/questions/mine/999999/attachments/1' }) },
  'GET /api/v1/questions/faq': { call: (f) => ({ url: `/api/v1/questions/faq?applicationId=${f.appId}` }) },
  'GET /api/v1/applications/:id/questions': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/questions?state=unassigned&overdue=1` }) },
  'GET /api/v1/applications/:id/questions/assignees': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/questions/assignees` }) },
  'GET /api/v1/applications/:id/questions/settings': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/questions/settings` }) },
  'PUT /api/v1/applications/:id/questions/settings': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/questions/settings`, body: { dueDays: 3 } }) },
  'GET /api/v1/applications/:id/questions/:questionId': { call: async (f) => ({ url: `/api/v1/applications/${f.appId}/questions/${await question(f)}` }) },
  'GET /api/v1/applications/:id/questions/:questionId/attachments/:attachmentId': {
    status: 404,
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/questions/${await question(f)}/attachments/999999` }),
  },
  'POST /api/v1/applications/:id/questions/:questionId/assign': {
    call: async (f, _n, uid) => ({ url: `/api/v1/applications/${f.appId}/questions/${await question(f, 'unassigned')}/assign`, body: { assigneeId: uid } }),
  },
  'POST /api/v1/applications/:id/questions/:questionId/answer': {
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/questions/${await question(f, 'processing')}/answer`, body: { html: '<p>矩阵答复</p>' } }),
  },
  'POST /api/v1/applications/:id/questions/:questionId/askback': {
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/questions/${await question(f, 'processing')}/askback`, body: { text: '请补充年份' } }),
  },
  'POST /api/v1/applications/:id/questions/:questionId/close': {
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/questions/${await question(f)}/close` }),
  },
  'POST /api/v1/applications/:id/questions/:questionId/publish': {
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/questions/${await question(f)}/publish`, body: {} }),
  },
  // an unpublished question: 409 for those allowed
  'POST /api/v1/applications/:id/questions/:questionId/unpublish': {
    status: 409,
    call: async (f) => ({ url: `/api/v1/applications/${f.appId}/questions/${await question(f)}/unpublish` }),
  },
  'POST /api/v1/feedback/:id/close': { call: async (f) => ({ url: `/api/v1/feedback/${await feedback(f)}/close` }) },
  // communities (server/routes/communities; decisions 620-629): per-community roles as `community`
  'GET /api/v1/applications/:id/communities': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/communities` }) },
  'POST /api/v1/applications/:id/communities': {
    status: 201,
    call: (f) => ({ url: `/api/v1/applications/${f.appId}/communities`, body: { name: '矩阵新社区', joinRule: 'open' } }),
  },
  'GET /api/v1/applications/:id/communities/mine': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/communities/mine` }) },
  'GET /api/v1/applications/:id/communities/:communityId': { call: async (f) => ({ url: cm(f, (await community(f)).id) }) },
  'PUT /api/v1/applications/:id/communities/:communityId': { call: async (f) => ({ url: cm(f, (await community(f)).id), body: { name: '矩阵改名' } }) },
  'POST /api/v1/applications/:id/communities/:communityId/archive': {
    call: async (f) => ({ url: `${cm(f, (await community(f)).id)}/archive`, body: { archived: true } }),
  },
  'GET /api/v1/applications/:id/communities/:communityId/cover': { status: 404, call: async (f) => ({ url: `${cm(f, (await community(f)).id)}/cover` }) },
  'POST /api/v1/applications/:id/communities/:communityId/join': { call: async (f) => ({ url: `${cm(f, (await community(f)).id)}/join` }) },
  // nobody of the personas is a member: 409 您不是该社区成员 for those allowed
  'POST /api/v1/applications/:id/communities/:communityId/leave': { status: 409, call: async (f) => ({ url: `${cm(f, (await community(f)).id)}/leave` }) },
  'GET /api/v1/applications/:id/communities/:communityId/members': { call: async (f) => ({ url: `${cm(f, (await community(f)).id)}/members` }) },
  'GET /api/v1/applications/:id/communities/:communityId/requests': { call: async (f) => ({ url: `${cm(f, (await community(f)).id)}/requests` }) },
  'POST /api/v1/applications/:id/communities/:communityId/requests/:userId/approve': {
    call: async (f) => ({ url: `${cm(f, (await community(f, 'requested')).id)}/requests/${f.plainUserId}/approve` }),
  },
  'POST /api/v1/applications/:id/communities/:communityId/requests/:userId/refuse': {
    call: async (f) => ({ url: `${cm(f, (await community(f, 'requested')).id)}/requests/${f.plainUserId}/refuse` }),
  },
  'POST /api/v1/applications/:id/communities/:communityId/invitations': {
    status: 201,
    call: async (f) => ({ url: `${cm(f, (await community(f)).id)}/invitations`, body: { phone: '13611110005' } }),
  },
  'PUT /api/v1/applications/:id/communities/:communityId/members/:userId/role': {
    call: async (f) => ({ url: `${cm(f, (await community(f, 'active')).id)}/members/${f.plainUserId}/role`, body: { role: 'moderator' } }),
  },
  'GET /api/v1/applications/:id/communities/:communityId/posts': { call: async (f) => ({ url: `${cm(f, (await community(f)).id)}/posts` }) },
  'POST /api/v1/applications/:id/communities/:communityId/posts': {
    status: 201,
    call: async (f) => ({ url: `${cm(f, (await community(f)).id)}/posts`, body: { title: '矩阵新帖', body: '正文' } }),
  },
  'POST /api/v1/applications/:id/communities/:communityId/posts/:postId/pin': {
    call: async (f) => {
      const c = await community(f);
      return { url: `${cm(f, c.id)}/posts/${c.post}/pin`, body: { pinned: true } };
    },
  },
  'POST /api/v1/applications/:id/communities/:communityId/posts/:postId/remove': {
    call: async (f) => {
      const c = await community(f);
      return { url: `${cm(f, c.id)}/posts/${c.post}/remove`, body: { reason: '' } };
    },
  },
  // 站内信 and the personal centre (server/routes/notifications, server/routes/helix; decisions 580-589)
  'GET /api/v1/notifications': { call: () => ({ url: '/api/v1/notifications' }) },
  'GET /api/v1/notifications/unread-count': { call: () => ({ url: '/api/v1/notifications/unread-count' }) },
  'POST /api/v1/notifications/:id/read': { status: 404, call: () => ({ url: '/api/v1/notifications/999999/read' }) },
  'POST /api/v1/notifications/read-all': { call: () => ({ url: '/api/v1/notifications/read-all' }) },
  'GET /api/v1/helix/sections': { call: (f) => ({ url: `/api/v1/helix/sections?applicationId=${f.appId}` }) },
  'GET /api/v1/search/saved': { call: (f) => ({ url: `/api/v1/search/saved?applicationId=${f.appId}` }) },
  'POST /api/v1/search/saved': {
    status: 201,
    call: (f) => ({ url: '/api/v1/search/saved', body: { applicationId: f.appId, name: '矩阵检索', query: 'c=AND.title.%E7%9F%A9%E9%98%B5', notify: true } }),
  },
  'PUT /api/v1/search/saved/:id': { status: 404, call: () => ({ url: '/api/v1/search/saved/999999', body: { notify: false } }) },
  'DELETE /api/v1/search/saved/:id': { status: 404, call: () => ({ url: '/api/v1/search/saved/999999' }) },
  'GET /api/v1/search/history': { call: (f) => ({ url: `/api/v1/search/history?applicationId=${f.appId}` }) },
  'DELETE /api/v1/search/history': { call: (f) => ({ url: `/api/v1/search/history?applicationId=${f.appId}` }) },
  'GET /api/v1/helix/favorites': { call: (f) => ({ url: `/api/v1/helix/favorites?applicationId=${f.appId}` }) },
  'GET /api/v1/helix/favorites/state': {
    call: (f) => ({ url: `/api/v1/helix/favorites/state?applicationId=${f.appId}&targetType=resource&targetId=${f.resourceId}` }),
  },
  'POST /api/v1/helix/favorites': {
    status: 201,
    call: (f) => ({
      url: '/api/v1/helix/favorites',
      body: {
        applicationId: f.appId,
        targetType: 'resource',
        targetId: String(f.resourceId),
        title: '矩阵收藏',
        link: '/microapp/explore/resources/article/1',
      },
    }),
  },
  'DELETE /api/v1/helix/favorites/:id': { status: 404, call: () => ({ url: '/api/v1/helix/favorites/999999' }) },
  'GET /api/v1/helix/history': { call: (f) => ({ url: `/api/v1/helix/history?applicationId=${f.appId}` }) },
  'POST /api/v1/helix/history': {
    call: (f) => ({
      url: '/api/v1/helix/history',
      body: { applicationId: f.appId, targetType: 'notice', targetId: '1', title: '矩阵浏览', link: '/resources/notices/1' },
    }),
  },
  'DELETE /api/v1/helix/history': { call: (f) => ({ url: `/api/v1/helix/history?applicationId=${f.appId}` }) },
  'GET /api/v1/helix/comments': { call: (f) => ({ url: `/api/v1/helix/comments?applicationId=${f.appId}` }) },
  'GET /api/v1/helix/settings': { call: () => ({ url: '/api/v1/helix/settings' }) },
  'PUT /api/v1/helix/settings': { call: () => ({ url: '/api/v1/helix/settings', body: { mailOff: [], historyOff: false } }) },
  'GET /api/v1/applications/:id/helix': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/helix` }) },
  'PUT /api/v1/applications/:id/helix': { call: (f) => ({ url: `/api/v1/applications/${f.appId}/helix`, body: { off: [] } }) },
};

/** The status each persona gets for a route of this access class; 'ok' = the row's allowed status. */
function expected(access: Access, who: Persona): 'ok' | 401 | 403 {
  if (access === 'public') return 'ok';
  if (who === 'anonymous') return 401;
  if (access === 'session') return 'ok';
  if (who === 'fingerprint') return 401;
  if (access === 'signedIn' || access === 'self' || access === 'owner') return 'ok';
  if (who === 'super') return 'ok';
  if (access === 'super') return 403;
  if (access === 'anyManager') return who === 'appUser' ? 403 : 'ok';
  return who === 'manager' ? 'ok' : 403;
}

/** A client of the persona with a session made directly in the database (none for anonymous). */
async function clientOf(who: Persona): Promise<Client> {
  const uid = userIds[who];
  return uid == null ? ctx.client() : clientAs(ctx, uid);
}

async function makeUser(name: string, extra: { phone?: string; anonymous?: number; role?: string } = {}) {
  const row = await ctx.db
    .insertInto('users')
    .values({
      phone: extra.phone ?? null,
      email: null,
      name,
      affiliation: '',
      role: extra.role ?? 'user',
      anonymous: extra.anonymous ?? 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const topicId = await ensureTopic(ctx.db, '矩阵专题');
  await upsertResources(ctx.db, [{ type: 'scholar', sourceKey: 'matrix-1', title: '矩阵学者', fields: {}, topicId }]);
  const resourceId = (await ctx.db.selectFrom('resources').select('id').where('source_key', '=', 'matrix-1').executeTakeFirstOrThrow()).id;
  userIds.anonymous = null;
  userIds.fingerprint = await makeUser('访客7f3a', { anonymous: 1 });
  userIds.appUser = await makeUser('本站用户', { phone: '13611110001' });
  userIds.otherManager = await makeUser('他站管理员', { phone: '13611110002' });
  userIds.manager = await makeUser('本站管理员', { phone: '13611110003' });
  userIds.super = await makeUser('超级管理员', { phone: '13611110004', role: 'super' });
  const plainUserId = await makeUser('普通用户', { phone: '13611110005' });
  const t = new Date().toISOString();
  const mk = (name: string, host: string, topic = topicId) => insertApplication(ctx.db, { name, host, topicId: topic, status: 'released' });
  const appId = await mk('矩阵站点', 'matrix.example.cn');
  // another topic: a topic's data is for the managers of the applications using it (decision 265)
  const otherId = await mk('他站', 'other-matrix.example.cn', await ensureTopic(ctx.db, '他站专题'));
  await ctx.db
    .insertInto('application_managers')
    .values([
      { application_id: appId, user_id: userIds.manager, rights: JSON.stringify(MANAGER_RIGHTS) },
      { application_id: otherId, user_id: userIds.otherManager, rights: JSON.stringify(MANAGER_RIGHTS) },
    ])
    .execute();
  await ctx.db.insertInto('application_users').values({ application_id: appId, user_id: userIds.appUser, role_id: 'user', created_at: t }).execute();
  await ctx.db.insertInto('wechat_accounts').values({ application_id: appId, wechat_id: 'matrix', name: '矩阵公众号', created_at: t }).execute();
  fx = { appId, topicId, resourceId, managerUserId: userIds.manager, plainUserId, host: 'matrix.example.cn' };
});
afterAll(async () => {
  await ctx.close();
});

describe('role matrix', () => {
  it('classifies every registered route', () => {
    const registered = ctx.app.atriumRoutes.map((r) => `${r.method} ${r.url}`);
    const unclassified = registered.filter((k) => !(k in ROUTES));
    expect(unclassified, 'give these routes a sample call in ROUTES of server/routes/roleMatrix.test.ts').toEqual([]);
    const stale = Object.keys(ROUTES).filter((k) => !registered.includes(k));
    expect(stale, 'routes in ROUTES that the server no longer registers').toEqual([]);
    // the access of a declared route is its declaration's; the table names it only for the others
    const declared = ctx.app.atriumRoutes.filter((r) => r.access).map((r) => `${r.method} ${r.url}`);
    expect(
      declared.filter((k) => ROUTES[k]?.access),
      'these routes declare their access: remove `access` from their ROUTES rows',
    ).toEqual([]);
    expect(
      registered.filter((k) => !declared.includes(k) && !ROUTES[k]?.access),
      'these routes neither declare their access nor have it in ROUTES',
    ).toEqual([]);
  });

  it('answers every cell with the status of its class', async () => {
    const failures: string[] = [];
    let n = 0;
    const declared = new Map(ctx.app.atriumRoutes.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const [key, row] of Object.entries(ROUTES)) {
      const method = key.slice(0, key.indexOf(' '));
      const access = declared.get(key) ?? row.access;
      if (!access) continue; // reported by the test above
      for (const who of PERSONAS) {
        const call = await row.call(fx, n++, userIds[who] ?? 1);
        const res = await (await clientOf(who)).request(method, call.url, call.body, call.host ? { host: call.host } : {});
        const want = expected(access, who);
        const wantStatus = want === 'ok' ? (row.status ?? 200) : want;
        const good = wantStatus === 'any' ? ![401, 403].includes(res.status) && res.status < 500 : res.status === wantStatus;
        if (res.status >= 200 && res.status < 300 && who !== 'anonymous' && who !== 'fingerprint') succeeded.push({ key, body: call.body });
        if (!good) failures.push(`${key} as ${who}: ${res.status} (expected ${wantStatus}) ${res.text.slice(0, 100)}`);
        if (want !== 'ok') {
          const msg = (res.body as { error?: { message?: string } } | undefined)?.error?.message ?? '';
          if (!/[\u4e00-\u9fff]/.test(msg)) failures.push(`${key} as ${who}: refusal without a Chinese message`);
        }
      }
    }
    expect(failures).toEqual([]);
    // every route × six personas, in sequence: on PostgreSQL and a loaded machine this passes a minute
  }, 180_000);

  it('records every successful console write of the walk in the audit log (server/audit/rules.ts)', async () => {
    const logged = new Set((await ctx.db.selectFrom('audit_log').select(['method', 'route']).execute()).map((r) => `${r.method} ${r.route}`));
    const missing = succeeded.filter(({ key, body }) => {
      const [method, url] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
      const rule = auditRuleOf(method, url);
      if (!rule || (typeof rule.action === 'function' && rule.action((body ?? {}) as Record<string, unknown>) === null)) return false;
      return !logged.has(key);
    });
    expect(missing.map((m) => m.key)).toEqual([]);
  });
});
