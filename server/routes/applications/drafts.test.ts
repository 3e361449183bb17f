/**
 * A draft (unreleased) site is visible to its managers only (decision 139): its notices,
 * links, their panels and its configuration by host answer a visitor and a plain user exactly as a
 * missing site does; `available` lists it to its managers only. A released site stays open to all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let user: Client;
let draftId: number;
let releasedId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13500000001', 'super');
  for (const [name, host] of [
    ['草稿站点', 'draft.example.cn'],
    ['已发布站点', 'open.example.cn'],
  ] as const) {
    const app = await admin.post('/api/v1/applications', { name, host });
    const id = app.body.applicationId as number;
    const n = await admin.post('/api/v1/notices', {
      applicationId: id,
      moduleId: 'n1',
      title: `${name}的通知`,
      type: '消息公告',
      content: '<p>内部安排</p>',
      top: 0,
      active: 1,
      publishDateTime: '2026-03-01T08:00:00.000Z',
    });
    const l = await admin.post('/api/v1/links', {
      applicationId: id,
      moduleId: 'l1',
      title: `${name}的链接`,
      url: 'https://intra.example.cn/',
      top: 0,
      topOrder: 1,
      active: 1,
    });
    expect([n.status, l.status]).toEqual([201, 201]);
    ids[`${host}:notice`] = n.body.id;
    ids[`${host}:link`] = l.body.id;
    if (host === 'draft.example.cn') draftId = id;
    else releasedId = id;
  }
  await admin.put(`/api/v1/applications/${releasedId}/release`);
  await admin.put(`/api/v1/applications/${releasedId}/pass`);
  manager = await ctx.signIn('13500000002');
  expect(
    (await admin.post('/api/v1/applications/managers', { applicationId: draftId, phone: '13500000002', rights: ['home', 'content'] })).status,
  ).toBeLessThan(300);
  user = await ctx.signIn('13500000003');
});
afterAll(async () => {
  await ctx.close();
});

/** The reads of a site's content, by host. */
const reads = (host: 'draft.example.cn' | 'open.example.cn') => {
  const id = host === 'draft.example.cn' ? draftId : releasedId;
  return [
    `/api/v1/notices?applicationId=${id}`,
    `/api/v1/notices/${ids[`${host}:notice`]}`,
    `/api/v1/links?applicationId=${id}`,
    `/api/v1/links/${ids[`${host}:link`]}`,
    `/api/v1/modules/top-notice?applicationId=${id}&moduleId=n1`,
    `/api/v1/modules/top-link?applicationId=${id}&moduleId=l1`,
    `/api/v1/applications/config?host=${host}`,
  ];
};

describe('a draft site', () => {
  it('answers a visitor and a plain user 404 with a Chinese message, as a missing site, and leaks nothing', async () => {
    for (const who of [ctx.client(), user]) {
      for (const url of reads('draft.example.cn')) {
        const res = await who.get(url);
        expect(res.status, url).toBe(404);
        expect(res.body.error.message, url).toMatch(/不存在|没有对应的站点/);
        expect(res.text, url).not.toContain('内部安排');
        expect(res.text, url).not.toContain('草稿站点');
      }
    }
  });

  it('is read by its manager and a super manager', async () => {
    for (const who of [manager, admin]) {
      for (const url of reads('draft.example.cn')) expect((await who.get(url)).status, url).toBe(200);
    }
  });

  it('is listed by available to its managers only', async () => {
    const names = async (c: Client) => ((await c.get('/api/v1/applications/available')).body as Array<{ title: string }>).map((a) => a.title);
    expect(await names(user)).toEqual(['已发布站点']);
    expect(await names(manager)).toEqual(['草稿站点', '已发布站点']);
    expect(await names(admin)).toEqual(['草稿站点', '已发布站点']);
  });
});

describe('a released site', () => {
  it('is read by everyone', async () => {
    for (const url of reads('open.example.cn')) expect((await ctx.client().get(url)).status, url).toBe(200);
  });
});
