/**
 * Notices API (spec 1 §3-§5, spec 2 §7 'Content', §8 messages): CRUD by a manager, filters (active -1,
 * type, query, paging), the role matrix (anonymous 401 on writes, other manager 403, manager and super
 * manager 200, visitors see published notices only), bad input 400 in Chinese, sanitised content.
 */
import { describe, expect, it } from 'vitest';
import { contentFixture } from '../../test/contentFixture.js';
import { MSG } from '../../../common/messages.js';
import { XSS_PAYLOADS } from '../../test/xssPayloads.js';

const t = contentFixture('notices', '1370000000', [
  ['图书馆门户', 'lib.example.cn'],
  ['另一个门户', 'other.example.cn'],
]);

const notice = (over: Record<string, unknown> = {}) => ({
  applicationId: t.appId,
  title: '关于开展数据库试用的通知',
  type: '消息公告',
  content: '<p>欢迎试用<strong>新数据库</strong>。</p>',
  top: 0,
  active: 1,
  publishDateTime: '2026-03-01T08:00:00.000Z',
  moduleId: 'n1',
  ...over,
});

describe('notices', () => {
  it('a manager creates, reads, changes and deletes a notice, with the spec messages', async () => {
    const created = await t.manager.post('/api/v1/notices', notice());
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('新增通知公告成功！');
    const id = created.body.noticeId;
    expect(created.body).toMatchObject({
      title: '关于开展数据库试用的通知',
      type: '消息公告',
      top: 0,
      active: 1,
      activeText: '已发布',
      publishDate: '2026-03-01',
      applicationId: t.appId,
      moduleId: 'n1',
    });
    const stored = await t.row(id);
    expect(stored?.content).toBe('<p>欢迎试用<strong>新数据库</strong>。</p>');
    expect(stored?.user_id).toBe(await t.userId('13700000002'));

    const one = await t.manager.get(`/api/v1/notices/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.content).toBe('<p>欢迎试用<strong>新数据库</strong>。</p>');

    const changed = await t.manager.put(`/api/v1/notices/${id}`, { title: '数据库试用通知（更新）', top: 1, active: 0, type: '培训通知' });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('通知公告保存成功！');
    expect(changed.body.activeText).toBe('未发布');
    expect(await t.row(id)).toMatchObject({ title: '数据库试用通知（更新）', top: 1, active: 0, type: '培训通知' });

    const gone = await t.manager.del(`/api/v1/notices/${id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe('通知公告删除成功！');
    expect(await t.row(id)).toBeUndefined();
    expect((await t.manager.get(`/api/v1/notices/${id}`)).status).toBe(404);
  });

  it('filters by active (-1 = all), type and title, and pages', async () => {
    const mk = (title: string, over: Record<string, unknown> = {}) =>
      t.admin.post('/api/v1/notices', notice({ applicationId: t.otherAppId, moduleId: null, title, ...over }));
    for (let i = 1; i <= 12; i++) await mk(`讲座预告 第${i}期`, { type: '活动通知', publishDateTime: `2026-02-${String(i).padStart(2, '0')}T00:00:00Z` });
    await mk('招聘馆员', { type: '人才招聘', active: 0, publishDateTime: '2026-01-01 09:30:00' });
    await mk('100%_折扣\\说明', { top: 1 });
    const list = (qs: string) => t.otherManager.get(`/api/v1/notices?applicationId=${t.otherAppId}${qs}`);

    const all = await list('&active=-1');
    expect(all.status).toBe(200);
    expect(all.body.totalElements).toBe(14);
    expect(all.body.size).toBe(10);
    expect(all.body.content).toHaveLength(10);
    expect(all.body.content[0].title).toBe('100%_折扣\\说明'); // pinned first
    expect(all.body.content[1].title).toBe('讲座预告 第12期'); // then newest
    expect(all.body.content[0].content).toBeUndefined(); // list items carry no body
    expect((await list('')).body.totalElements).toBe(14); // active defaults to no filter
    expect((await list('&active=0')).body.content.map((n: { title: string }) => n.title)).toEqual(['招聘馆员']);
    expect((await list('&active=1')).body.totalElements).toBe(13);
    expect((await list('&type=人才招聘')).body.totalElements).toBe(1);
    expect((await list('&type=活动通知&page=2&size=10')).body.content.map((n: { title: string }) => n.title)).toEqual(['讲座预告 第2期', '讲座预告 第1期']);
    expect((await list('&query=第1')).body.content.map((n: { title: string }) => n.title)).toEqual([
      '讲座预告 第12期',
      '讲座预告 第11期',
      '讲座预告 第10期',
      '讲座预告 第1期',
    ]);
    // wildcards in the query match literally
    expect((await list('&query=%25')).body.content.map((n: { title: string }) => n.title)).toEqual(['100%_折扣\\说明']);
    expect((await list('&query=_')).body.totalElements).toBe(1);
    expect((await list('&query=%5C')).body.totalElements).toBe(1);
    expect((await list('&query=没有这条')).body).toMatchObject({ totalElements: 0, empty: true, content: [] });
    const p2 = await list('&page=2&size=20');
    expect(p2.body.content).toEqual([]);
    expect((await list('&size=100')).body.content).toHaveLength(14);
  });

  it('visitors see published notices only; writes need a manager of the application', async () => {
    const pub = (await t.manager.post('/api/v1/notices', notice({ title: '已发布的通知' }))).body.noticeId;
    const draft = (await t.manager.post('/api/v1/notices', notice({ title: '草稿通知', active: 0 }))).body.noticeId;
    const anon = t.ctx.client();
    const plain = await t.ctx.signIn('13700000009');
    for (const who of [anon, plain, t.otherManager]) {
      const l = await who.get(`/api/v1/notices?applicationId=${t.appId}&active=0`);
      expect(l.status).toBe(200);
      const titles = l.body.content.map((n: { title: string }) => n.title);
      expect(titles).toContain('已发布的通知');
      expect(titles).not.toContain('草稿通知');
      expect((await who.get(`/api/v1/notices/${pub}`)).status).toBe(200);
      const hidden = await who.get(`/api/v1/notices/${draft}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body.error.message).toBe(MSG.noticeNotFound);
    }
    expect((await t.admin.get(`/api/v1/notices/${draft}`)).status).toBe(200);
    expect((await t.manager.get(`/api/v1/notices?applicationId=${t.appId}&active=0`)).body.content.map((n: { title: string }) => n.title)).toContain(
      '草稿通知',
    );

    const n = await t.count();
    for (const [m, url] of [
      ['POST', '/api/v1/notices'],
      ['PUT', `/api/v1/notices/${pub}`],
      ['DELETE', `/api/v1/notices/${pub}`],
    ] as const) {
      const r = await anon.request(m, url, m === 'DELETE' ? undefined : notice());
      expect(r.status, `${m} ${url}`).toBe(401);
      expect(r.body.error.message).toBe(MSG.notSignedIn);
      for (const who of [t.otherManager, plain]) {
        const f = await who.request(m, url, m === 'DELETE' ? undefined : notice());
        expect(f.status, `${m} ${url}`).toBe(403);
        expect(f.body.error.message).toBe(MSG.forbidden);
      }
    }
    expect(await t.count()).toBe(n);
    expect((await t.row(pub))?.title).toBe('已发布的通知');
    // the super manager may change any application's notices
    const s = await t.admin.put(`/api/v1/notices/${pub}`, { title: '超级管理员修改' });
    expect(s.status).toBe(200);
    expect((await t.admin.del(`/api/v1/notices/${draft}`)).status).toBe(200);
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const n = await t.count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '' }, 'body.title', MSG.noticeTitleRequired],
      [{ title: '<script>alert(1)</script>' }, 'body.title', MSG.noMarkup],
      [{ title: '<img src=x onerror=alert(1)>' }, 'body.title', MSG.noMarkup],
      [{ type: '随便' }, 'body.type', MSG.noticeTypeInvalid],
      [{ content: '<p></p>' }, 'body.content', MSG.noticeContentRequired],
      [{ content: '<script>alert(1)</script>' }, 'body.content', MSG.noticeContentRequired],
      [{ content: undefined }, 'body.content', MSG.noticeContentRequired],
      [{ publishDateTime: '' }, 'body.publishDateTime', MSG.publishTimeRequired],
      [{ publishDateTime: 'tomorrow' }, 'body.publishDateTime', MSG.publishTimeInvalid],
      [{ publishDateTime: '2026-13-45T00:00:00Z' }, 'body.publishDateTime', MSG.publishTimeInvalid],
      [{ top: 2 }, 'body.top', MSG.flagInvalid],
      [{ active: 'yes' }, 'body.active', MSG.flagInvalid],
      [{ applicationId: 'x' }, 'body.applicationId', MSG.applicationIdRequired],
      [{ moduleId: '<x>' }, 'body.moduleId', MSG.invalidInput],
    ];
    for (const [over, field, message] of cases) {
      const r = await t.manager.post('/api/v1/notices', notice(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error.fields?.[field] ?? r.body.error.message, JSON.stringify(over)).toBe(message);
      expect(r.body.error.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await t.admin.post('/api/v1/notices', notice({ applicationId: 999999 }))).status).toBe(404);
    expect((await t.manager.request('POST', '/api/v1/notices', undefined, { raw: '{' })).status).toBe(400);
    expect((await t.manager.get(`/api/v1/notices`)).status).toBe(400);
    expect((await t.manager.get(`/api/v1/notices?applicationId=${t.appId}&active=2`)).status).toBe(400);
    expect((await t.manager.get(`/api/v1/notices?applicationId=${t.appId}&size=101`)).status).toBe(400);
    expect((await t.manager.get(`/api/v1/notices?applicationId=${t.appId}&type=x`)).status).toBe(400);
    expect((await t.manager.get('/api/v1/notices?applicationId=999999')).status).toBe(404);
    expect((await t.manager.get('/api/v1/notices/abc')).status).toBe(400);
    const id = (await t.manager.post('/api/v1/notices', notice())).body.noticeId;
    const bad = await t.manager.put(`/api/v1/notices/${id}`, { content: '<p> </p>' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.noticeContentRequired);
    expect((await t.row(id))?.content).toBe('<p>欢迎试用<strong>新数据库</strong>。</p>');
    expect(await t.count()).toBe(n + 1);
  });

  it('stores sanitised content: no script, no event handler, no javascript: URL', async () => {
    const content = `<p>正文</p>${XSS_PAYLOADS.join('\n')}`;
    const r = await t.manager.post('/api/v1/notices', notice({ content }));
    expect(r.status).toBe(201);
    const stored = (await t.row(r.body.noticeId))!.content;
    expect(stored).toContain('<p>正文</p>');
    expect(stored).not.toMatch(/<script|<iframe|<svg|<object|<embed|\son[a-z]+\s*=|javascript:|vbscript:|data:|style\s*=/i);
    expect(r.body.content).toBe(stored);
    const upd = await t.manager.put(`/api/v1/notices/${r.body.noticeId}`, {
      content: '<p onclick="x()">改</p><a href="javascript:alert(1)">链</a><img src=x onerror=alert(1)>',
    });
    expect(upd.status).toBe(200);
    expect((await t.row(r.body.noticeId))!.content).toBe('<p>改</p><a>链</a>');
  });
});
