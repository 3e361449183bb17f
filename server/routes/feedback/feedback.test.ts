/**
 * Feedback API (issue 29 item 3; docs/decisions.md 570-579): a reader sends feedback to a site (category,
 * text, source page kept only on the site, a screenshot checked by content), sees it in 我的反馈 with the
 * reply; staff of that application list it, reply and move it 待处理 → 处理中 → 已回复 → 已关闭, refused moves
 * answered 409 with a Chinese message, each move audited; another reader or another application's
 * manager gets 404; 10 an hour per account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { queueCast } from '../../test/staffFixture.js';
import { makeElf, makePng } from '../../test/files.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let otherManager: Client;
let homeOnly: Client;
let reader: Client;
let otherReader: Client;
let appId: number;
let otherAppId: number;

const send = (c: Client, over: Record<string, unknown> = {}) =>
  c.post('/api/v1/feedback', { applicationId: appId, category: 'correction', content: '第 3 页的 DOI 链接打不开', page: '/microapp/report/detail/7', ...over });

beforeAll(async () => {
  ctx = await createTestContext();
  ({
    clients: { admin, manager, otherManager, homeOnly, reader, otherReader },
    appId,
    otherAppId,
  } = await queueCast(ctx, '1370000', { name: '反馈站点', host: 'fb.example.cn' }, { name: '别的站点', host: 'fb2.example.cn' }));
});
afterAll(async () => {
  await ctx.close();
});

describe('feedback', () => {
  it('a reader sends feedback with a screenshot, staff reply, the reader sees the reply; every move audited', async () => {
    const png = makePng(40, 30);
    const sent = await send(reader, { screenshot: `data:image/png;base64,${png.toString('base64')}` });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(MSG.feedbackSubmitted);
    expect(sent.body).toMatchObject({
      category: 'correction',
      content: '第 3 页的 DOI 链接打不开',
      page: '/microapp/report/detail/7',
      state: 'pending',
      reply: null,
    });
    const id = sent.body.id as number;
    expect(sent.body.screenshot).toBe(`/api/v1/feedback/mine/${id}/screenshot`);

    // the reader reads their screenshot back, byte for byte; another reader cannot
    const mineShot = await reader.get(`/api/v1/feedback/mine/${id}/screenshot`);
    expect(mineShot.status).toBe(200);
    expect(mineShot.headers['content-type']).toBe('image/png');
    expect(mineShot.headers['cache-control']).toBe('private, no-store');
    expect((await otherReader.get(`/api/v1/feedback/mine/${id}/screenshot`)).status).toBe(404);

    // staff list it with the reader, filter by state and category
    const list = await manager.get(`/api/v1/feedback?applicationId=${appId}&state=pending&category=correction`);
    expect(list.status).toBe(200);
    const item = list.body.content.find((f: { id: number }) => f.id === id);
    expect(item).toMatchObject({ userName: expect.any(String), userContact: '137****0005', state: 'pending', screenshot: `/api/v1/feedback/${id}/screenshot` });
    expect((await manager.get(`/api/v1/feedback?applicationId=${appId}&state=closed`)).body.content).toEqual([]);
    expect((await manager.get(`/api/v1/feedback?applicationId=${appId}&category=other`)).body.content.some((f: { id: number }) => f.id === id)).toBe(false);
    expect((await manager.get(`/api/v1/feedback/${id}/screenshot`)).status).toBe(200);

    const processing = await manager.post(`/api/v1/feedback/${id}/process`);
    expect(processing.status).toBe(200);
    expect(processing.body).toMatchObject({ state: 'processing', message: MSG.feedbackProcessing });
    const again = await manager.post(`/api/v1/feedback/${id}/process`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('该反馈当前为「处理中」，不能标记为处理中');

    const empty = await manager.post(`/api/v1/feedback/${id}/reply`, { reply: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(MSG.feedbackReplyRequired);
    const replied = await manager.post(`/api/v1/feedback/${id}/reply`, { reply: '已修复链接，<b>谢谢</b>！' });
    expect(replied.status).toBe(200);
    expect(replied.body).toMatchObject({ state: 'replied', reply: '已修复链接，<b>谢谢</b>！', message: MSG.feedbackReplied });
    expect((await manager.post(`/api/v1/feedback/${id}/reply`, { reply: '再说一次' })).status).toBe(409);

    // the reader sees the reply, as text, in 我的反馈
    const mine = await reader.get(`/api/v1/feedback/mine?applicationId=${appId}`);
    expect(mine.body.content[0]).toMatchObject({ id, state: 'replied', reply: '已修复链接，<b>谢谢</b>！' });
    expect((await otherReader.get(`/api/v1/feedback/mine?applicationId=${appId}`)).body.content).toEqual([]);

    const closed = await manager.post(`/api/v1/feedback/${id}/close`);
    expect(closed.body).toMatchObject({ state: 'closed', message: MSG.feedbackClosed });
    const closedAgain = await manager.post(`/api/v1/feedback/${id}/close`);
    expect(closedAgain.status).toBe(409);
    expect(closedAgain.body.error.message).toBe('该反馈当前为「已关闭」，不能关闭');
    expect((await manager.post(`/api/v1/feedback/${id}/reply`, { reply: '晚了' })).status).toBe(409);

    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'feedback')
      .where('resource_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['process', 'reply', 'close']);
    expect(audit.every((a) => a.application_id === appId)).toBe(true);

    // the reply and the closing each reached the reader as a 站内信, the reply's text as written
    const readerId = (await ctx.db.selectFrom('feedback').select('user_id').where('id', '=', id).executeTakeFirstOrThrow()).user_id;
    const notes = await ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', readerId)
      .where('kind', 'like', 'feedback.%')
      .orderBy('id')
      .execute();
    expect(notes.map((n) => [n.kind, n.title, n.body, n.link])).toEqual([
      ['feedback.reply', MSG.notifyFeedbackReplied, '已修复链接，<b>谢谢</b>！', '/temp/contact'],
      ['feedback.close', MSG.notifyFeedbackClosed, '', '/temp/contact'],
    ]);
    expect(JSON.parse(audit[1].changes).fields).toContainEqual({ field: 'state', before: 'processing', after: 'replied' });
  });

  it('a pending feedback may be replied to at once and closed from any open state', async () => {
    const a = (await send(reader, { category: 'suggestion', content: '希望增加导出' })).body.id;
    expect((await manager.post(`/api/v1/feedback/${a}/reply`, { reply: '已记录' })).body.state).toBe('replied');
    const b = (await send(reader, { category: 'access', content: '手机上打不开' })).body.id;
    expect((await admin.post(`/api/v1/feedback/${b}/close`)).body.state).toBe('closed');
    expect((await admin.post(`/api/v1/feedback/${b}/process`)).status).toBe(409);
  });

  it('refuses bad feedback with a Chinese message, and keeps the source page only when it is on the site', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ category: 'praise' }, 400, MSG.feedbackCategoryRequired],
      [{ content: '  ' }, 400, MSG.feedbackContentRequired],
      [{ content: '长'.repeat(2001) }, 400, MSG.feedbackContentTooLong],
      [{ screenshot: makeElf().toString('base64') }, 400, MSG.feedbackScreenshotInvalid],
      [
        { screenshot: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64') },
        400,
        MSG.feedbackScreenshotInvalid,
      ],
      [{ screenshot: 'not base64 at all!' }, 400, MSG.feedbackScreenshotInvalid],
      [{ screenshot: makePng(10, 10, 2 * 1024 * 1024 + 10).toString('base64') }, 413, MSG.feedbackScreenshotTooLarge],
      [{ applicationId: 999999 }, 404, MSG.applicationNotFound],
    ];
    const before = await ctx.db.selectFrom('feedback').select('id').execute();
    for (const [over, status, message] of cases) {
      const res = await send(otherReader, over);
      expect([res.status, res.body.error?.message]).toEqual([status, message]);
    }
    expect((await ctx.db.selectFrom('feedback').select('id').execute()).length).toBe(before.length);

    for (const page of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example']) {
      expect((await send(otherReader, { page })).body.page).toBeNull();
    }
    expect((await send(otherReader, { page: '/microapp/explore?q=%E7%9F%A5%E7%BD%91' })).body.page).toBe('/microapp/explore?q=%E7%9F%A5%E7%BD%91');
    // a WebP and a JPEG pass, by content
    const webp = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
    expect((await send(otherReader, { screenshot: webp.toString('base64') })).status).toBe(201);
    expect((await ctx.client().post('/api/v1/feedback', { applicationId: appId, category: 'other', content: 'x' })).status).toBe(401);
  });

  it("only staff of the application see and move its feedback: another application's manager 403, without 内容管理 403, none 404", async () => {
    const id = (await send(reader, { category: 'other', content: '其他问题' })).body.id;
    expect((await otherManager.get(`/api/v1/feedback/${id}`)).status).toBe(403);
    expect((await otherManager.post(`/api/v1/feedback/${id}/close`)).status).toBe(403);
    expect((await otherManager.get(`/api/v1/feedback/${id}/screenshot`)).status).toBe(403);
    expect((await manager.get(`/api/v1/feedback/${id + 1000}`)).status).toBe(404);
    expect((await otherManager.get(`/api/v1/feedback?applicationId=${appId}`)).status).toBe(403);
    const noRight = await homeOnly.post(`/api/v1/feedback/${id}/process`);
    expect(noRight.status).toBe(403);
    expect(noRight.body.error.message).toContain('内容管理');
    expect((await reader.get(`/api/v1/feedback/${id}`)).status).toBe(403);
    expect((await reader.post(`/api/v1/feedback/${id}/close`)).status).toBe(403);
    // another application's list does not hold it
    expect((await otherManager.get(`/api/v1/feedback?applicationId=${otherAppId}`)).body.content).toEqual([]);
    expect((await manager.get(`/api/v1/feedback/${id}`)).body).toMatchObject({ id, content: '其他问题', state: 'pending' });
    expect((await ctx.db.selectFrom('feedback').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe('pending');
  });

  it('limits feedback to 10 an hour per account with a clear message', async () => {
    const busy = await ctx.signIn('13700000009');
    for (let i = 0; i < 10; i++) expect((await send(busy, { content: `第 ${i} 条` })).status).toBe(201);
    const refused = await send(busy, { content: '第 11 条' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(MSG.feedbackTooMany);
    // another account is not held back
    expect((await send(admin, { content: '我的第一条' })).status).toBe(201);
  });
});
