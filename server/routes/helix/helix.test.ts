/**
 * The personal centre's calls (issue 29 §9; docs/decisions.md 583-586): 收藏 a record, list and remove it
 * (another reader's answers 404), the history recorded and cleared, not recorded once the reader turns it
 * off, 我的评论 with the review state, a section the site turned off refused with 403 and its Chinese
 * message, the console's section settings for the application's managers; bad input 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { grantRights, releasedSite, signInCast, userIdOf } from '../../test/staffFixture.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import { purgeExpired } from '../../maintenance/purge.js';
import { HISTORY_KEEP_DAYS } from '../../../common/helix.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let reader: Client;
let otherReader: Client;
let appId: number;

const userId = (phone: string) => userIdOf(ctx, phone);
const item = (over: Record<string, unknown> = {}) => ({
  applicationId: appId,
  targetType: 'notice',
  targetId: '7',
  title: '图书馆<script>开放</script>时间调整',
  link: '/resources/notices/7',
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext();
  const cast = await signInCast(ctx, '1390000', ['admin', 'manager', 'reader', 'otherReader']);
  ({ admin, manager, reader, otherReader } = cast.clients);
  appId = await releasedSite(admin, '个人中心站点', 'helix.example.cn');
  await grantRights(ctx, [[appId, cast.ids.manager, ['settings']]]);
});
afterAll(async () => {
  await ctx.close();
});

describe('我的收藏', () => {
  it('adds, lists, tells the state, removes; another reader cannot touch it', async () => {
    const added = await reader.post('/api/v1/helix/favorites', item());
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(MSG.favoriteAdded);
    const id = added.body.favoriteId;
    // again: the same row
    expect((await reader.post('/api/v1/helix/favorites', item())).body.favoriteId).toBe(id);
    const list = await reader.get(`/api/v1/helix/favorites?applicationId=${appId}`);
    expect(list.body.totalElements).toBe(1);
    expect(list.body.content[0]).toMatchObject({
      id,
      targetType: 'notice',
      targetId: '7',
      title: '图书馆<script>开放</script>时间调整',
      link: '/resources/notices/7',
    });
    expect((await reader.get(`/api/v1/helix/favorites/state?applicationId=${appId}&targetType=notice&targetId=7`)).body).toEqual({ favoriteId: id });
    expect((await otherReader.get(`/api/v1/helix/favorites/state?applicationId=${appId}&targetType=notice&targetId=7`)).body).toEqual({ favoriteId: null });
    expect((await otherReader.get(`/api/v1/helix/favorites?applicationId=${appId}`)).body.totalElements).toBe(0);

    const refused = await otherReader.del(`/api/v1/helix/favorites/${id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe(MSG.favoriteNotFound);
    expect((await ctx.client().get(`/api/v1/helix/favorites?applicationId=${appId}`)).status).toBe(401);

    const removed = await reader.del(`/api/v1/helix/favorites/${id}`);
    expect(removed.body.message).toBe(MSG.favoriteRemoved);
    expect(await ctx.db.selectFrom('favorites').selectAll().execute()).toEqual([]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const type = await reader.post('/api/v1/helix/favorites', item({ targetType: 'user' }));
    expect(type.status).toBe(400);
    expect(type.body.error.fields['body.targetType']).toBe(MSG.helixTargetTypeInvalid);
    const link = await reader.post('/api/v1/helix/favorites', item({ link: 'javascript:alert(1)' }));
    expect(link.status).toBe(400);
    expect(link.body.error.fields['body.link']).toBe(MSG.helixLinkInvalid);
    const offsite = await reader.post('/api/v1/helix/favorites', item({ link: '//evil.example.com/x' }));
    expect(offsite.status).toBe(400);
    const title = await reader.post('/api/v1/helix/favorites', item({ title: '   ' }));
    expect(title.body.error.fields['body.title']).toBe(MSG.helixTitleRequired);
  });
});

describe('浏览历史', () => {
  it('records views, clears them, records none once the reader turns it off; the purge drops old entries', async () => {
    expect((await reader.post('/api/v1/helix/history', item())).body).toEqual({ recorded: true });
    expect(
      (await reader.post('/api/v1/helix/history', item({ targetType: 'report', targetId: '3', title: '年度报告', link: '/microapp/report/detail/3' }))).body
        .recorded,
    ).toBe(true);
    const list = await reader.get(`/api/v1/helix/history?applicationId=${appId}`);
    expect(list.body.content.map((i: { title: string }) => i.title)).toEqual(['年度报告', '图书馆<script>开放</script>时间调整']);
    expect((await otherReader.get(`/api/v1/helix/history?applicationId=${appId}`)).body.totalElements).toBe(0);

    const cleared = await reader.del(`/api/v1/helix/history?applicationId=${appId}`);
    expect(cleared.body).toMatchObject({ count: 2, message: MSG.historyCleared });
    expect((await reader.get(`/api/v1/helix/history?applicationId=${appId}`)).body.totalElements).toBe(0);

    await reader.put('/api/v1/helix/settings', { mailOff: [], historyOff: true });
    expect((await reader.get('/api/v1/helix/settings')).body).toEqual({ email: null, mailOff: [], historyOff: true });
    expect((await reader.post('/api/v1/helix/history', item())).body).toEqual({ recorded: false });
    expect((await reader.get(`/api/v1/helix/history?applicationId=${appId}`)).body.totalElements).toBe(0);
    await reader.put('/api/v1/helix/settings', { mailOff: [], historyOff: false });

    // the purge removes entries older than HISTORY_KEEP_DAYS days, keeps newer ones
    await otherReader.post('/api/v1/helix/history', item());
    const old = new Date(Date.now() - (HISTORY_KEEP_DAYS + 1) * 864e5).toISOString();
    await ctx.db
      .insertInto('browsing_history')
      .values({
        user_id: await userId('13900000004'),
        application_id: appId,
        target_type: 'notice',
        target_id: '99',
        title: '旧的',
        path: '/resources/notices/99',
        at: old,
      })
      .execute();
    const counts = await purgeExpired(ctx.db);
    expect(counts.browsingHistory).toBe(1);
    expect((await otherReader.get(`/api/v1/helix/history?applicationId=${appId}`)).body.content.map((i: { title: string }) => i.title)).toEqual([
      '图书馆<script>开放</script>时间调整',
    ]);
  });
});

describe('我的评论', () => {
  it('lists the reader own comments with their state, not others', async () => {
    const t = new Date().toISOString();
    const me = await userId('13900000003');
    const ins = (author: number, body: string, visible: number) =>
      ctx.db
        .insertInto('comments')
        .values({
          application_id: appId,
          target_type: 'notice',
          target_id: '7',
          parent_id: null,
          author_id: author,
          body,
          visible,
          held: visible ? 0 : 1,
          created_at: t,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    const shown = await ins(me, '说得好', 1);
    const held = await ins(me, '待审的评论', 0);
    const rejected = await ins(me, '被驳回的评论', 0);
    await ins(await userId('13900000004'), '别人的评论', 1);
    const sub = (ref: number, status: string, reason: string | null) =>
      ctx.db
        .insertInto('submissions')
        .values({ application_id: appId, kind: 'comment', ref_id: ref, author_id: me, summary: 'x', status, reason, created_at: t, updated_at: t } as never)
        .execute();
    await sub(held.id, 'pending', null);
    await sub(rejected.id, 'rejected', '含有广告');
    const list = await reader.get(`/api/v1/helix/comments?applicationId=${appId}`);
    expect(list.status).toBe(200);
    const byBody = Object.fromEntries(list.body.content.map((c: { body: string; state: string; reason: string | null }) => [c.body, [c.state, c.reason]]));
    expect(byBody).toEqual({ 说得好: ['shown', null], 待审的评论: ['pending', null], 被驳回的评论: ['rejected', '含有广告'] });
    expect(shown.id).toBeGreaterThan(0);
  });
});

describe('the sections of a site', () => {
  it('a manager holding 站点设置 turns sections off; their calls answer 403; messages and settings stay on', async () => {
    expect((await manager.get(`/api/v1/applications/${appId}/helix`)).body).toEqual({ off: [] });
    const saved = await manager.put(`/api/v1/applications/${appId}/helix`, { off: ['favorites', 'history', 'messages'] });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ off: ['favorites', 'history'], message: MSG.helixSettingsSaved });
    expect((await reader.get(`/api/v1/helix/sections?applicationId=${appId}`)).body).toEqual({ off: ['favorites', 'history'] });

    const refused = await reader.get(`/api/v1/helix/favorites?applicationId=${appId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(fillMsg(MSG.helixSectionOff, { section: '我的收藏' }));
    expect((await reader.post('/api/v1/helix/favorites', item())).status).toBe(403);
    expect((await reader.del(`/api/v1/helix/history?applicationId=${appId}`)).body.error.message).toBe(fillMsg(MSG.helixSectionOff, { section: '浏览历史' }));
    // a view on such a site is not recorded, silently
    expect((await reader.post('/api/v1/helix/history', item())).body).toEqual({ recorded: false });
    // a reader cannot change the sections; a bad key is 400
    expect((await reader.put(`/api/v1/applications/${appId}/helix`, { off: [] })).status).toBe(403);
    const bad = await manager.put(`/api/v1/applications/${appId}/helix`, { off: ['nothing'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain(MSG.helixSectionInvalid);

    await manager.put(`/api/v1/applications/${appId}/helix`, { off: [] });
    expect((await reader.get(`/api/v1/helix/favorites?applicationId=${appId}`)).status).toBe(200);
  });
});
