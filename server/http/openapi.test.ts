/**
 * The API document and the declared contracts: /api/openapi.json is OpenAPI 3.1 and
 * lists every declared route with its response schema, the refusal schema and who may call it; the
 * page /api/docs answers; a declared route refuses bad input with the 400 and `fields` of decision 2,
 * and a caller without the right before its input is looked at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { MSG } from '../../common/messages.js';

interface Operation {
  summary?: string;
  description?: string;
  responses: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } } | undefined> }>;
}
interface Document {
  openapi: string;
  info: { title: string; description: string };
  paths: Record<string, Record<string, Operation>>;
}

/** The refusal schema: the shared ErrorAnswer component (decision 438). */
const refusalIsErrorAnswer = (schema: unknown) => (schema as { $ref?: string } | undefined)?.$ref === '#/components/schemas/ErrorAnswer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/openapi.json', () => {
  it('describes every declared route with its answer, its refusal and who may call it', async () => {
    const r = await ctx.client().get('/api/openapi.json');
    expect(r.status).toBe(200);
    const doc = r.body as Document;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe(MSG.apiDocsTitle);
    expect(doc.info.description).toContain('X-Atrium-Signature');
    const declared = ctx.app.atriumRoutes.filter((x) => x.access);
    expect(declared.length).toBeGreaterThanOrEqual(5);
    const missing: string[] = [];
    for (const route of declared) {
      // a route also served with a trailing slash is described once, without it (decision 438)
      if (route.url.length > 1 && route.url.endsWith('/')) continue;
      const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const ok = Object.entries(op?.responses ?? {}).find(([code]) => code.startsWith('2'));
      // a route that only redirects (single sign-on, /web/oauth/signin/simple) declares its 302 instead
      const redirects = !ok && Object.keys(op?.responses ?? {}).some((code) => code.startsWith('3'));
      const content = Object.entries(ok?.[1].content ?? {});
      // a file answer (citations: BibTeX, RIS, text) is not JSON: it names its content types instead,
      // none of them JSON and each with a schema; a JSON answer still needs its application/json schema
      const isFile = content.length > 0 && content.every(([type, c]) => !type.includes('json') && !!c?.schema);
      // a route that answers nothing (the analytics beacon) declares its 204 No Content, which has no body
      // to describe: exempt only a 204 with no content at all
      const noContent = ok?.[0] === '204' && !ok[1].content;
      if (!op || !op.summary || !(redirects || ok?.[1].content?.['application/json']?.schema || isFile || noContent))
        missing.push(`${route.method} ${route.url}: no answer schema or summary`);
      else if (!refusalIsErrorAnswer(op.responses['4XX']?.content?.['application/json']?.schema))
        missing.push(`${route.method} ${route.url}: no refusal schema`);
      else if (!op.description?.startsWith('权限：')) missing.push(`${route.method} ${route.url}: does not say who may call it`);
    }
    expect(missing).toEqual([]);
    expect(doc.paths['/api/v1/notices/{id}'].put.description).toBe('权限：该应用持有「内容管理」权限的管理员或超级管理员。');
    expect(doc.paths['/api/v1/notices/{id}'].get.description).toBe(`权限：任何人（访客也可）。\n\n可读的数据：${MSG.rowsSite}。`);
    // a stricter access for a request that reaches further, and the caller's own (decision 355)
    expect(doc.paths['/api/v2/scholars/{id}'].get.description).toBe(
      `权限：任何人（访客也可）；指定 user_id 时或站点开启「详情页需登录」时须为已登录用户本人（user_id 须为自己的用户 ID）。\n\n可读的数据：${MSG.rowsResources}。`,
    );
    // the detail reads of a site with 详情页需登录 on
    expect(doc.paths['/api/v1/resources/{type}/{id}'].get.description).toBe(
      `权限：任何人（访客也可）；站点开启「详情页需登录」时须为已登录用户（匿名访客除外）。\n\n可读的数据：${MSG.rowsResources}。`,
    );
    expect(doc.paths['/api/v2/applications/suggestions'].get.description).toBe(
      `权限：已登录用户（匿名访客除外）；查询他人时须为超级管理员。\n\n可读的数据：${MSG.rowsOwn}。`,
    );
    expect(doc.paths['/api/v1/users/{id}/info'].get.description).toBe(
      `权限：已登录用户（匿名访客除外）；查询他人时须为超级管理员。\n\n可读的数据：${MSG.rowsOwn}。`,
    );
    expect(doc.paths['/api/v1/account/unbind'].delete.description).toBe('权限：已登录用户本人（uid 须为自己的用户 ID）。');
    // an answer without a body is its 204 alone
    expect(Object.keys(doc.paths['/api/v1/analytics/beacon'].post.responses)).toEqual(['204', '4XX']);
    // a file answer is described by its content types
    expect(Object.keys(doc.paths['/api/v1/citations'].get.responses['200'].content ?? {})).toEqual([
      'application/x-bibtex',
      'application/x-research-info-systems',
      'text/plain',
    ]);
  });

  it('names every operation, says its security from its access, and lists the shared shapes once (decisions 438, 440)', async () => {
    const doc = (await ctx.client().get('/api/openapi.json')).body as Document & {
      servers?: unknown[];
      components: { schemas: Record<string, { items?: { properties?: Record<string, { properties?: Record<string, unknown> }> } }> };
    };
    const ops = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods).map(([m, op]) => ({ at: `${m.toUpperCase()} ${p}`, op: op as Operation & { operationId?: string; security?: unknown } })),
    );
    const ids = ops.map((o) => o.op.operationId);
    expect(ops.filter((o) => !/^(get|post|put|delete|patch)[A-Z][A-Za-z0-9]*$/.test(o.op.operationId ?? '')).map((o) => o.at)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/v1/applications/{id}/config'].get).toMatchObject({ operationId: 'getV1ApplicationsByIdConfig' });
    expect(ops.filter((o) => !Array.isArray(o.op.security)).map((o) => o.at)).toEqual([]);
    // anonymous reads need nothing; a manager's write the session, the XSRF echo and the signature
    expect(doc.paths['/api/v1/notices/{id}'].get).toMatchObject({ security: [] });
    expect(doc.paths['/api/v1/notices/{id}'].put).toMatchObject({ security: [{ session: [], xsrf: [], signature: [] }] });
    expect(doc.paths['/api/v1/users/{id}/info'].get).toMatchObject({ security: [{ session: [] }] });
    expect(doc.servers?.length).toBeGreaterThan(0);
    // the refusal and the page envelope are components, named by $ref
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['ErrorAnswer', 'PageEnvelope', 'HomeConfig', 'HeaderConfig']));
    expect(JSON.stringify(doc.paths['/api/v1/notices/{id}'].put.responses['4XX'])).toContain('#/components/schemas/ErrorAnswer');
    expect(JSON.stringify(doc.paths['/api/v1/notices'].get.responses['200'])).toContain('#/components/schemas/PageEnvelope');
    // the home configuration is described, not `{}`: the body names it, and its modules have their common fields
    const body = JSON.stringify((doc.paths['/api/v1/applications/{id}/home-config'].post as unknown as { requestBody: unknown }).requestBody);
    expect(body).toContain('#/components/schemas/HomeConfigInput');
    expect(doc.components.schemas.HomeConfig.items?.properties?.template).toBeDefined();
    const headerBody = JSON.stringify((doc.paths['/api/v1/applications/{id}/header-config'].post as unknown as { requestBody: unknown }).requestBody);
    expect(headerBody).toContain('#/components/schemas/HeaderConfigInput');
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const source = (await ctx.client().get('/api/openapi.json')).text;
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(errors).toEqual([]);
  });

  it('is shown as a page at /api/docs', async () => {
    const r = await ctx.client().get('/api/docs');
    expect(r.status).toBe(200);
    expect(r.text).toContain('swagger-ui');
  });
});

describe('the API documents in production (decision 419)', () => {
  const DOCS = [
    '/api/openapi.json',
    '/api/docs',
    '/api/docs/json',
    '/api/docs/yaml',
    '/api/docs/static/swagger-initializer.js',
    '/api/docs/static/swagger-ui.css',
  ];
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestContext({ production: true });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('answer only super managers: 401 signed out, 403 with the message to a user and a manager', async () => {
    expect(prod.config.production).toBe(true);
    const user = await prod.signIn('13500000021');
    const admin = await prod.signIn('13500000022', 'super');
    const appId = (await admin.post('/api/v1/applications', { name: '文档站点', host: 'docs.example.cn' })).body.applicationId as number;
    const manager = await prod.signIn('13500000023');
    const managerId = (await prod.db.selectFrom('users').select('id').where('phone', '=', '13500000023').executeTakeFirstOrThrow()).id;
    await prod.db.insertInto('application_managers').values({ application_id: appId, user_id: managerId }).execute();
    for (const url of DOCS) {
      const anonymous = await prod.client().get(url);
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.text).not.toContain('/api/v1/applications/{id}/oauth-uri');
      for (const who of [user, manager]) {
        const r = await who.get(url);
        expect(r.status, url).toBe(403);
        expect(r.body.error.message).toBe(MSG.apiDocsSuperOnly);
      }
      expect((await admin.get(url)).status, url).toBe(200);
    }
    expect((await admin.get('/api/openapi.json')).body.paths['/api/v1/applications/{id}/oauth-uri']).toBeDefined();
  });

  it('stay open to anyone outside production', async () => {
    for (const url of DOCS) expect((await ctx.client().get(url)).status, url).toBe(200);
  });
});

describe('a declared route', () => {
  it('refuses bad input with the Chinese 400 and its fields, and a caller without the right first', async () => {
    const admin = await ctx.signIn('13500000011', 'super');
    const created = await admin.post('/api/v1/applications', { name: '契约站点', host: 'contract.example.cn' });
    const appId = (created.body as { applicationId: number }).applicationId;
    const bad = await admin.post('/api/v1/notices', { applicationId: appId, title: '', content: '<p>x</p>' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'bad_request', message: MSG.noticeTitleRequired, fields: { 'body.title': MSG.noticeTitleRequired } } });
    const badId = await admin.put('/api/v1/notices/abc', { title: '新标题' });
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ error: { fields: { 'params.id': MSG.noticeNotFound } } });
    // nobody signed in: 401 before the body is looked at
    const anonymous = await ctx.client().post('/api/v1/notices', { applicationId: appId, title: '' });
    expect(anonymous.status).toBe(401);
    // a plain user: 403, not a 400 telling them what the body lacks
    const user = await ctx.signIn('13500000012');
    const refused = await user.post('/api/v1/notices', { applicationId: appId, title: '' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'forbidden' } });
  });
});
