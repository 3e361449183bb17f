/**
 * Reference questions API (issue 29 item 4; docs/decisions.md 590-599): a reader asks (attachments
 * checked by content), staff of that application assign, ask back, the reader supplements, staff
 * answer (sanitised), close, publish to the FAQ; refused moves 409 with a Chinese message; another
 * application's question 404, a manager without 内容管理 403; 5 questions a day per account; each move
 * that concerns the reader writes a notification; the FAQ shows only published questions and finds them
 * by text; overdue after N working days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { queueCast, userIdOf } from '../../test/staffFixture.js';
import { makeElf, makePng } from '../../test/files.js';
import { MSG } from '../../../common/messages.js';
import { overdueCutoff } from '../../../common/questions.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let otherManager: Client;
let homeOnly: Client;
let reader: Client;
let otherReader: Client;
let appId: number;
let otherAppId: number;
let managerId: number;
let readerId: number;

const userId = (phone: string) => userIdOf(ctx, phone);
const ask = (c: Client, over: Record<string, unknown> = {}) =>
  c.post('/api/v1/questions', {
    applicationId: appId,
    title: '如何查找民国期刊',
    content: '想找 1930 年代的《东方杂志》全文，<b>哪里</b>有？',
    discipline: '历史学',
    ...over,
  });
const staff = (id: number, rest = '') => `/api/v1/applications/${appId}/questions/${id}${rest}`;

beforeAll(async () => {
  ctx = await createTestContext();
  ({
    clients: { admin, manager, otherManager, homeOnly, reader, otherReader },
    ids: { manager: managerId, reader: readerId },
    appId,
    otherAppId,
  } = await queueCast(ctx, '1380000', { name: '咨询站点', host: 'qa.example.cn' }, { name: '别的站点', host: 'qa2.example.cn' }));
});
afterAll(async () => {
  await ctx.close();
});

const notes = async (kindPrefix: string) =>
  (
    await ctx.db
      .selectFrom('notifications')
      .select(['kind', 'title', 'body', 'link'])
      .where('user_id', '=', readerId)
      .where('kind', 'like', `${kindPrefix}%`)
      .orderBy('id')
      .execute()
  ).map((n) => [n.kind, n.title, n.body, n.link]);

describe('reference questions', () => {
  it('ask → assign → ask back → supplement → answer → close → publish; the reader sees the thread; notifications written; audited', async () => {
    const png = makePng(20, 20);
    const sent = await ask(reader, { attachments: [{ name: '截图.png', data: png.toString('base64') }] });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ state: 'unassigned', title: '如何查找民国期刊', discipline: '历史学', message: MSG.questionAsked });
    const id = sent.body.id as number;
    expect(sent.body.attachments).toHaveLength(1);
    const att = sent.body.attachments[0];
    expect(att).toMatchObject({ name: '截图.png', contentType: 'image/png' });
    const mineAtt = await reader.get(att.url);
    expect(mineAtt.status).toBe(200);
    expect(mineAtt.headers['content-type']).toBe('image/png');
    expect((await otherReader.get(att.url)).status).toBe(404);

    // staff list it, filtered by state, and read it with the attachment at the staff address
    const list = await manager.get(`/api/v1/applications/${appId}/questions?state=unassigned`);
    expect(list.status).toBe(200);
    expect(list.body.size).toBe(20);
    expect(list.body.content.find((q: { id: number }) => q.id === id)).toMatchObject({ state: 'unassigned', overdue: false, assigneeName: null });
    const one = await manager.get(staff(id));
    expect(one.body.content).toBe('想找 1930 年代的《东方杂志》全文，<b>哪里</b>有？');
    expect((await manager.get(one.body.attachments[0].url)).status).toBe(200);

    // assign to a manager holding 内容管理; not to one without it
    const assignees = (await manager.get(`/api/v1/applications/${appId}/questions/assignees`)).body.content.map((a: { id: number }) => a.id);
    expect(assignees).toContain(managerId);
    const badAssign = await manager.post(staff(id, '/assign'), { assigneeId: await userId('13800000004') });
    expect([badAssign.status, badAssign.body.error.message]).toEqual([400, MSG.questionAssigneeInvalid]);
    const assigned = await manager.post(staff(id, '/assign'), { assigneeId: managerId });
    expect(assigned.body).toMatchObject({ state: 'processing', assigneeId: managerId, message: MSG.questionAssigned });

    // the reader cannot supplement before being asked
    const early = await reader.post(`/api/v1/questions/mine/${id}/supplement`, { text: '补充' });
    expect([early.status, early.body.error.message]).toEqual([409, '该咨询当前为「处理中」，不能补充']);

    const asked = await manager.post(staff(id, '/askback'), { text: '请问需要哪一年的？' });
    expect(asked.body).toMatchObject({ state: 'needinfo', message: MSG.questionAskedBack });
    expect((await manager.post(staff(id, '/askback'), { text: '再问' })).status).toBe(409);
    expect((await otherReader.post(`/api/v1/questions/mine/${id}/supplement`, { text: '不是我的' })).status).toBe(404);
    const supp = await reader.post(`/api/v1/questions/mine/${id}/supplement`, { text: '1932 年' });
    expect(supp.body).toMatchObject({ state: 'processing', message: MSG.questionSupplemented });

    // publishing before an answer is refused
    const early2 = await manager.post(staff(id, '/publish'), {});
    expect([early2.status, early2.body.error.message]).toEqual([409, '该咨询当前为「处理中」，不能发布到常见问题']);

    const empty = await manager.post(staff(id, '/answer'), { html: '<p>  </p><script>x</script>' });
    expect([empty.status, empty.body.error.message]).toEqual([400, MSG.questionAnswerRequired]);
    const answered = await manager.post(staff(id, '/answer'), {
      html: '<p>请查<a href="https://example.cn/db">民国期刊库</a><img src=x onerror=alert(1)></p><script>alert(1)</script>',
    });
    expect(answered.body).toMatchObject({ state: 'answered', message: MSG.questionAnswered });
    const answer = answered.body.messages.at(-1);
    expect(answer.kind).toBe('answer');
    expect(answer.body).toContain('民国期刊库');
    expect(answer.body).not.toMatch(/script|onerror/);
    const again = await manager.post(staff(id, '/answer'), { html: '<p>再答</p>' });
    expect([again.status, again.body.error.message]).toEqual([409, '该咨询当前为「已答复」，不能答复']);

    // the reader sees the thread: ask-back, supplement, answer
    const mine = (await reader.get(`/api/v1/questions/mine?applicationId=${appId}`)).body.content.find((q: { id: number }) => q.id === id);
    expect(mine.state).toBe('answered');
    expect(mine.messages.map((m: { kind: string; body: string }) => [m.kind, m.kind === 'answer' ? 'html' : m.body])).toEqual([
      ['askback', '请问需要哪一年的？'],
      ['supplement', '1932 年'],
      ['answer', 'html'],
    ]);
    expect((await otherReader.get(`/api/v1/questions/mine?applicationId=${appId}`)).body.content).toEqual([]);

    // not in the FAQ until published
    expect((await ctx.client().get(`/api/v1/questions/faq?applicationId=${appId}`)).body.content).toEqual([]);
    const published = await manager.post(staff(id, '/publish'), { question: '1930 年代的《东方杂志》全文在哪里可以读到？' });
    expect(published.body).toMatchObject({ faqPublished: true, message: MSG.questionPublished });
    expect((await manager.post(staff(id, '/publish'), {})).status).toBe(409);
    const faq = await ctx.client().get(`/api/v1/questions/faq?applicationId=${appId}&q=${encodeURIComponent('东方杂志')}`);
    expect(faq.body.content).toEqual([expect.objectContaining({ id, title: '如何查找民国期刊', question: '1930 年代的《东方杂志》全文在哪里可以读到？' })]);
    expect((await ctx.client().get(`/api/v1/questions/faq?applicationId=${appId}&q=${encodeURIComponent('民国期刊库')}`)).body.content).toHaveLength(1);
    expect((await ctx.client().get(`/api/v1/questions/faq?applicationId=${appId}&q=${encodeURIComponent('没有这个')}`)).body.content).toEqual([]);
    expect((await ctx.client().get(`/api/v1/questions/faq?applicationId=${otherAppId}`)).body.content).toEqual([]);

    const closed = await manager.post(staff(id, '/close'));
    expect(closed.body).toMatchObject({ state: 'closed', message: MSG.questionClosed });
    const closedAgain = await manager.post(staff(id, '/close'));
    expect([closedAgain.status, closedAgain.body.error.message]).toEqual([409, '该咨询当前为「已关闭」，不能关闭']);
    expect((await manager.post(staff(id, '/assign'), { assigneeId: managerId })).status).toBe(409);
    // a closed, answered question stays in the FAQ until taken out
    expect((await ctx.client().get(`/api/v1/questions/faq?applicationId=${appId}`)).body.content).toHaveLength(1);
    expect((await manager.post(staff(id, '/unpublish'))).body.faqPublished).toBe(false);
    expect((await manager.post(staff(id, '/unpublish'))).status).toBe(409);
    expect((await ctx.client().get(`/api/v1/questions/faq?applicationId=${appId}`)).body.content).toEqual([]);

    expect(await notes('question.')).toEqual([
      ['question.assign', MSG.notifyQuestionAssigned, '', '/microapp/helix/ask'],
      ['question.askback', MSG.notifyQuestionAskedBack, '请问需要哪一年的？', '/microapp/helix/ask'],
      ['question.answer', MSG.notifyQuestionAnswered, '', '/microapp/helix/ask'],
      ['question.publish', MSG.notifyQuestionPublished, '如何查找民国期刊', '/microapp/helix/faq'],
      ['question.close', MSG.notifyQuestionClosed, '', '/microapp/helix/ask'],
    ]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'application_id'])
      .where('resource', '=', 'question')
      .where('resource_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['assign', 'askback', 'answer', 'publish', 'close', 'unpublish']);
    expect(audit.every((a) => a.application_id === appId)).toBe(true);
  });

  it('refuses bad questions with a Chinese message naming the field, and stores nothing', async () => {
    const before = (await ctx.db.selectFrom('questions').select('id').execute()).length;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ title: '  ' }, 400, MSG.questionTitleRequired],
      [{ title: '长'.repeat(101) }, 400, MSG.questionTitleTooLong],
      [{ content: '' }, 400, MSG.questionContentRequired],
      [{ discipline: '炼金术' }, 400, MSG.questionDisciplineRequired],
      [
        { attachments: [{ name: 'a.exe', data: makeElf().toString('base64') }] },
        400,
        '附件「a.exe」的格式不支持（可上传图片、PDF、Office 文档、纯文本或压缩包）',
      ],
      [
        { attachments: [{ name: 'x.html', data: Buffer.from('<html><script>alert(1)</script></html>').toString('base64') }] },
        400,
        '附件「x.html」的格式不支持（可上传图片、PDF、Office 文档、纯文本或压缩包）',
      ],
      [{ attachments: [1, 2, 3, 4].map((i) => ({ name: `${i}.png`, data: makePng(2, 2).toString('base64') })) }, 400, MSG.questionAttachmentsTooMany],
      [{ applicationId: 999999 }, 404, MSG.applicationNotFound],
    ];
    for (const [over, status, message] of cases) {
      const res = await ask(otherReader, over);
      expect([res.status, res.body.error?.message]).toEqual([status, message]);
    }
    const res = await ask(otherReader, { title: '' });
    expect(res.body.error.fields).toHaveProperty('body.title');
    expect((await ctx.db.selectFrom('questions').select('id').execute()).length).toBe(before);
    expect((await ctx.client().post('/api/v1/questions', { applicationId: appId, title: 'x', content: 'x', discipline: '其他' })).status).toBe(401);
  });

  it("another application's question is 404 to its staff; a manager without 内容管理 403; readers 403", async () => {
    const id = (await ask(otherReader, { title: '别处看不到' })).body.id as number;
    // the other application's manager, through their own application's path: 404
    const hidden = await otherManager.get(`/api/v1/applications/${otherAppId}/questions/${id}`);
    expect([hidden.status, hidden.body.error.message]).toEqual([404, MSG.questionNotFound]);
    expect((await otherManager.post(`/api/v1/applications/${otherAppId}/questions/${id}/close`)).status).toBe(404);
    expect((await otherManager.post(`/api/v1/applications/${otherAppId}/questions/${id}/answer`, { html: '<p>x</p>' })).status).toBe(404);
    expect((await otherManager.get(`/api/v1/applications/${otherAppId}/questions`)).body.content.some((q: { id: number }) => q.id === id)).toBe(false);
    // through this application's path: 403
    expect((await otherManager.get(staff(id))).status).toBe(403);
    const noRight = await homeOnly.post(staff(id, '/close'));
    expect(noRight.status).toBe(403);
    expect(noRight.body.error.message).toContain('内容管理');
    expect((await homeOnly.get(`/api/v1/applications/${appId}/questions`)).status).toBe(403);
    expect((await reader.get(staff(id))).status).toBe(403);
    expect((await ctx.db.selectFrom('questions').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe('unassigned');
    // a super manager acts on any
    expect((await admin.post(staff(id, '/answer'), { html: '<p>超级管理员答复</p>' })).body.state).toBe('answered');
  });

  it('marks questions overdue after the application’s working days (default 3, settable) and filters them', async () => {
    const id = (await ask(otherReader, { title: '一个旧问题' })).body.id as number;
    const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await ctx.db.updateTable('questions').set({ created_at: old }).where('id', '=', id).execute();
    expect((await manager.get(`/api/v1/applications/${appId}/questions/settings`)).body.dueDays).toBe(3);
    const overdue = await manager.get(`/api/v1/applications/${appId}/questions?overdue=1`);
    expect(overdue.body.content.map((q: { id: number; overdue: boolean }) => [q.id, q.overdue])).toEqual([[id, true]]);
    const bad = await manager.put(`/api/v1/applications/${appId}/questions/settings`, { dueDays: 0 });
    expect([bad.status, bad.body.error.message]).toEqual([400, MSG.questionDueDaysInvalid]);
    expect((await manager.put(`/api/v1/applications/${appId}/questions/settings`, { dueDays: 30 })).body).toMatchObject({
      dueDays: 30,
      message: MSG.questionSettingsSaved,
    });
    expect((await manager.get(`/api/v1/applications/${appId}/questions?overdue=1`)).body.content).toEqual([]);
    await manager.put(`/api/v1/applications/${appId}/questions/settings`, { dueDays: 3 });
    // 待补充 waits for the reader: not overdue
    await manager.post(staff(id, '/askback'), { text: '请补充' });
    expect((await manager.get(`/api/v1/applications/${appId}/questions?overdue=1`)).body.content).toEqual([]);
  });

  it('counts working days Monday to Friday in China time', () => {
    // Monday 2026-11-30 10:00 (+8) = 02:00Z: 3 working days back is Wednesday 2026-11-25 02:00Z
    expect(overdueCutoff(new Date('2026-11-30T02:00:00Z'), 3).toISOString()).toBe('2026-11-25T02:00:00.000Z');
    // Friday 2026-11-27 10:00 (+8): 1 working day back is Thursday
    expect(overdueCutoff(new Date('2026-11-27T02:00:00Z'), 1).toISOString()).toBe('2026-11-26T02:00:00.000Z');
  });

  it('limits questions to 5 a day per account with a clear message', async () => {
    const busy = await ctx.signIn('13800000009');
    for (let i = 0; i < 5; i++) expect((await ask(busy, { title: `第 ${i} 问` })).status).toBe(201);
    const refused = await ask(busy, { title: '第 6 问' });
    expect([refused.status, refused.body.error.message]).toEqual([429, MSG.questionTooMany]);
  });
});
