/**
 * Resource links API (spec 1 §3 'Link', §4, §5; spec 2 §7 'Content', §8 messages): CRUD by a manager,
 * pinned order, filters (active -1, query, paging), the role matrix and bad input (http(s) URLs only,
 * pin order at least 1, covers an uploaded path or an http(s) address).
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '../../test/harness.js';
import { contentFixture } from '../../test/contentFixture.js';
import { MSG } from '../../../common/messages.js';

const t = contentFixture('links', '1360000000', [
  ['资源门户', 'res.example.cn'],
  ['别处', 'else.example.cn'],
]);

const link = (over: Record<string, unknown> = {}) => ({
  applicationId: t.appId,
  title: '中国知网',
  url: 'https://www.cnki.net',
  cover: '/files/2026/cnki.png',
  top: 0,
  topOrder: 1,
  active: 1,
  moduleId: 'r1',
  ...over,
});

describe('links', () => {
  it('a manager creates, changes and deletes a link, with the spec messages', async () => {
    const before = Date.now();
    const created = await t.manager.post('/api/v1/links', link());
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('新增资源链接成功！');
    const id = created.body.linkId;
    expect(created.body).toMatchObject({
      title: '中国知网',
      url: 'https://www.cnki.net',
      cover: '/files/2026/cnki.png',
      top: 0,
      topOrder: 1,
      active: 1,
      moduleId: 'r1',
      applicationId: t.appId,
    });
    // publish time defaults to now
    expect(new Date(created.body.publishDateTime).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await t.row(id))?.user_id).toBe(await t.userId('13600000002'));

    const changed = await t.manager.put(`/api/v1/links/${id}`, { title: '知网', top: 1, topOrder: 3, cover: null, url: 'http://cnki.net/a?b=1' });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('资源链接保存成功！');
    expect(await t.row(id)).toMatchObject({ title: '知网', top: 1, top_order: 3, cover: null, url: 'http://cnki.net/a?b=1' });

    const gone = await t.manager.del(`/api/v1/links/${id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe('资源链接删除成功！');
    expect(await t.row(id)).toBeUndefined();
    expect((await t.manager.del(`/api/v1/links/${id}`)).status).toBe(404);
  });

  it('answers one link for its page: published to everyone, unpublished to its managers only', async () => {
    const pub = (await t.manager.post('/api/v1/links', link({ title: '万方数据' }))).body.linkId;
    const draft = (await t.manager.post('/api/v1/links', link({ title: '未发布的链接', active: 0 }))).body.linkId;
    const visitor = t.ctx.client();
    const seen = await visitor.get(`/api/v1/links/${pub}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ linkId: pub, title: '万方数据', url: 'https://www.cnki.net', applicationId: t.appId });
    const hidden = await visitor.get(`/api/v1/links/${draft}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe('资源链接不存在');
    expect((await t.otherManager.get(`/api/v1/links/${draft}`)).status).toBe(404);
    expect((await t.manager.get(`/api/v1/links/${draft}`)).body.title).toBe('未发布的链接');
    expect((await visitor.get('/api/v1/links/abc')).status).toBe(400);
    await t.ctx.db.deleteFrom('links').where('id', 'in', [pub, draft]).execute();
  });

  it('lists pinned links first by pin order, filters by active and title, pages', async () => {
    await t.manager.post(
      '/api/v1/links',
      link({ title: '万方数据', url: 'https://www.wanfangdata.com.cn', publishDateTime: '2026-01-02T00:00:00Z', moduleId: 'r2' }),
    );
    await t.manager.post(
      '/api/v1/links',
      link({ title: '维普资讯', url: 'https://www.cqvip.com', top: 1, topOrder: 2, publishDateTime: '2026-01-03T00:00:00Z', moduleId: 'r2' }),
    );
    await t.manager.post(
      '/api/v1/links',
      link({ title: '国家图书馆', url: 'https://www.nlc.cn', top: 1, topOrder: 1, publishDateTime: '2026-01-01T00:00:00Z', moduleId: 'r2' }),
    );
    await t.manager.post('/api/v1/links', link({ title: '草稿_链接', url: 'https://draft.example.cn', active: 0, moduleId: 'r2' }));
    const list = (who: Client, qs: string) => who.get(`/api/v1/links?applicationId=${t.appId}&moduleId=r2${qs}`);
    const titles = (r: { body: { content: Array<{ title: string }> } }) => r.body.content.map((l) => l.title);
    expect(titles(await list(t.manager, '&active=-1'))).toEqual(['国家图书馆', '维普资讯', '草稿_链接', '万方数据']);
    expect(titles(await list(t.manager, '&active=0'))).toEqual(['草稿_链接']);
    expect(titles(await list(t.manager, '&query=_'))).toEqual(['草稿_链接']);
    expect(titles(await list(t.manager, '&query=图书'))).toEqual(['国家图书馆']);
    const p = await list(t.manager, '&page=2&size=3');
    expect(p.body).toMatchObject({ totalElements: 4, page: 2, size: 3, empty: false });
    expect(titles(p)).toEqual(['万方数据']);
    // visitors, other managers and ordinary users see published links only
    for (const who of [t.ctx.client(), t.otherManager]) expect(titles(await list(who, '&active=0'))).toEqual(['国家图书馆', '维普资讯', '万方数据']);
    expect(titles(await list(t.admin, '&active=0'))).toEqual(['草稿_链接']);
  });

  it('refuses writes without the role', async () => {
    const id = (await t.manager.post('/api/v1/links', link({ title: '受保护' }))).body.linkId;
    const n = await t.count();
    const anon = t.ctx.client();
    for (const [m, url] of [
      ['POST', '/api/v1/links'],
      ['PUT', `/api/v1/links/${id}`],
      ['DELETE', `/api/v1/links/${id}`],
    ] as const) {
      const body = m === 'DELETE' ? undefined : link({ title: '改掉' });
      const a = await anon.request(m, url, body);
      expect(a.status, `${m} ${url}`).toBe(401);
      expect(a.body.error.message).toBe(MSG.notSignedIn);
      const f = await t.otherManager.request(m, url, body);
      expect(f.status, `${m} ${url}`).toBe(403);
      expect(f.body.error.message).toBe(MSG.forbidden);
    }
    expect(await t.count()).toBe(n);
    expect((await t.row(id))?.title).toBe('受保护');
    expect((await t.admin.put(`/api/v1/links/${id}`, { active: 0 })).status).toBe(200);
    expect((await t.row(id))?.active).toBe(0);
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const n = await t.count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '' }, 'body.title', MSG.linkTitleRequired],
      [{ title: '<a href=x>x</a>' }, 'body.title', MSG.noMarkup],
      [{ url: '' }, 'body.url', MSG.linkUrlRequired],
      [{ url: 'javascript:alert(1)' }, 'body.url', MSG.linkUrlInvalid],
      [{ url: 'JAVASCRIPT:alert(document.cookie)' }, 'body.url', MSG.linkUrlInvalid],
      [{ url: 'data:text/html,<script>alert(1)</script>' }, 'body.url', MSG.linkUrlInvalid],
      [{ url: '/local/path' }, 'body.url', MSG.linkUrlInvalid],
      [{ url: 'https://x.cn/"><script>' }, 'body.url', MSG.linkUrlInvalid],
      [{ cover: 'javascript:alert(1)' }, 'body.cover', MSG.coverInvalid],
      [{ cover: '/etc/passwd' }, 'body.cover', MSG.coverInvalid],
      [{ topOrder: 0 }, 'body.topOrder', MSG.topOrderMin],
      [{ topOrder: 1.5 }, 'body.topOrder', MSG.topOrderMin],
      [{ top: 5 }, 'body.top', MSG.flagInvalid],
      [{ publishDateTime: 'x' }, 'body.publishDateTime', MSG.publishTimeInvalid],
    ];
    for (const [over, field, message] of cases) {
      const r = await t.manager.post('/api/v1/links', link(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error.fields?.[field], JSON.stringify(over)).toBe(message);
    }
    expect((await t.manager.get('/api/v1/links')).status).toBe(400);
    expect((await t.manager.get(`/api/v1/links?applicationId=${t.appId}&active=7`)).status).toBe(400);
    expect((await t.manager.get(`/api/v1/links?applicationId=${t.appId}&size=0`)).status).toBe(400);
    expect((await t.manager.put('/api/v1/links/999999', { title: '无' })).status).toBe(404);
    expect(await t.count()).toBe(n);
  });
});
