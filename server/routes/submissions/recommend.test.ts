/**
 * Readers' recommended resources, kind `resource_verify` (issue 29 §6; docs/decisions.md 610-612),
 * through the API on both databases: a link, a record of a catalogue type and a BibTeX entry recommended,
 * refused input (400 naming the field), the reviewer's category, approval creating the record in the
 * topic and category, published and found by the site's search; no approval twice, no action on a
 * withdrawn item, 404 for another application's item, 403 for a manager without 审核, the author's
 * notification and 我的提交 with the rejection reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs, createTestContext, insertApplication, type Client, type TestContext } from '../../test/harness.js';
import { ensureTopic } from '../../resources/store.js';
import { MANAGER_RIGHTS } from '../../../common/roles.js';

let ctx: TestContext;
let appId: number;
let otherAppId: number;
let topicId: number;
let manager: Client;
let otherManager: Client;
let noRight: Client;
let anonymous: Client;
let seq = 0;

async function user(name: string): Promise<number> {
  const t = new Date().toISOString();
  return (
    await ctx.db
      .insertInto('users')
      .values({ phone: `1380000${String(1000 + seq++)}`, email: null, name, affiliation: '', role: 'user', anonymous: 0, created_at: t })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
async function reader(): Promise<{ c: Client; id: number }> {
  const id = await user(`推荐人${seq}`);
  return { c: await clientAs(ctx, id), id };
}

const send = (c: Client, body: object, app = appId) => c.post('/api/v1/submissions/recommendations', { applicationId: app, ...body });
const act = (c: Client, ids: number[], action: string, reason?: string, app = appId) =>
  c.post('/api/v1/moderation/review', { applicationId: app, ids, action, ...(reason ? { reason } : {}) });
const search = (q: string) => anonymous.get(`/api/v1/search?applicationId=${appId}&q=${encodeURIComponent(q)}`);

beforeAll(async () => {
  ctx = await createTestContext();
  topicId = await ensureTopic(ctx.db, '推荐专题');
  const otherTopic = await ensureTopic(ctx.db, '他站专题');
  appId = await insertApplication(ctx.db, { name: '推荐站', host: 'recommend.example.cn', status: 'released', topicId });
  otherAppId = await insertApplication(ctx.db, { name: '他站', host: 'other-recommend.example.cn', status: 'released', topicId: otherTopic });
  const m = await user('审核员');
  const om = await user('他站审核员');
  const nr = await user('无审核权的管理员');
  await ctx.db
    .insertInto('application_managers')
    .values([
      { application_id: appId, user_id: m, rights: JSON.stringify(MANAGER_RIGHTS) },
      { application_id: otherAppId, user_id: om, rights: JSON.stringify(MANAGER_RIGHTS) },
      { application_id: appId, user_id: nr, rights: JSON.stringify(MANAGER_RIGHTS.filter((r) => r !== 'review')) },
    ])
    .execute();
  manager = await clientAs(ctx, m);
  otherManager = await clientAs(ctx, om);
  noRight = await clientAs(ctx, nr);
  anonymous = ctx.client();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('recommending', () => {
  it('a link: pending, approved with the category the reviewer picks, published and found by search', async () => {
    const r = await reader();
    expect((await send(anonymous, { mode: 'url', title: '古籍数字化平台', url: 'https://guji.example.cn' })).status).toBe(401);
    const sent = await send(r.c, { mode: 'url', title: '古籍数字化平台', url: 'https://guji.example.cn', summary: '收录善本', category: '读者推荐' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('推荐已提交，审核通过后收录');
    // not in the site before approval
    expect((await search('古籍数字化平台')).body.totalElements).toBe(0);

    const queue = await manager.get(`/api/v1/moderation/submissions?applicationId=${appId}&kind=resource_verify`);
    expect(queue.status).toBe(200);
    const item = queue.body.content.find((s: { id: number }) => s.id === sent.body.submissionId);
    expect(item).toMatchObject({
      summary: '资源：古籍数字化平台',
      status: 'pending',
      fields: { type: '资源', mode: '链接', category: '读者推荐', url: 'https://guji.example.cn' },
    });

    // the reviewer picks another category, then approves
    const placed = await manager.put(`/api/v1/submissions/recommendations/${sent.body.id}/placement`, { category: '数字资源', subcategory: '古籍' });
    expect(placed.status).toBe(200);
    expect((await act(manager, [sent.body.submissionId], 'approve')).status).toBe(200);
    const again = await act(manager, [sent.body.submissionId], 'approve');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('该项已通过，不能通过');
    expect((await manager.put(`/api/v1/submissions/recommendations/${sent.body.id}/placement`, { category: 'x' })).status).toBe(409);

    const rec = await ctx.db.selectFrom('resource_recommendations').selectAll().where('id', '=', sent.body.id).executeTakeFirstOrThrow();
    expect(rec.resource_id).not.toBeNull();
    const link = await ctx.db.selectFrom('resource_topics').selectAll().where('resource_id', '=', rec.resource_id!).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ topic_id: topicId, category_one: '数字资源', category_two: '古籍', published: 1 });
    const found = await search('古籍数字化平台');
    expect(found.body.content.map((x: { title: string }) => x.title)).toContain('古籍数字化平台');

    // the author is told, and sees it in 我的提交 with the record's page
    const note = await ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', r.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(note.title).toContain('资源推荐');
    const mine = await r.c.get('/api/v1/submissions/mine');
    expect(mine.body.content[0]).toMatchObject({ kindLabel: '资源推荐', status: 'approved', link: `/microapp/explore/resources/resource/${rec.resource_id}` });

    // taken down: the record leaves the site
    expect((await act(manager, [sent.body.submissionId], 'reject', '链接已失效')).status).toBe(200);
    expect((await search('古籍数字化平台')).body.totalElements).toBe(0);
    const mine2 = await r.c.get('/api/v1/submissions/mine');
    expect(mine2.body.content[0]).toMatchObject({ status: 'rejected', reason: '链接已失效' });
  });

  it('a record of a catalogue type, checked by its fields', async () => {
    const r = await reader();
    const bad = await send(r.c, { mode: 'record', type: 'standard', title: '信息与文献 参考文献著录规则', fields: {} });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('standard_no');
    const badType = await send(r.c, { mode: 'record', type: 'report', title: 'x' });
    expect(badType.status).toBe(400);
    expect(badType.body.error.message).toContain('请选择资源类型');
    const sent = await send(r.c, {
      mode: 'record',
      type: 'standard',
      title: '信息与文献 参考文献著录规则',
      date: '2015-05-15',
      fields: { standard_no: 'GB/T 7714-2015' },
    });
    expect(sent.status).toBe(201);
    expect((await act(manager, [sent.body.submissionId], 'approve')).status).toBe(200);
    const found = await search('参考文献著录规则');
    expect(found.body.content[0]).toMatchObject({ type: 'standard', title: '信息与文献 参考文献著录规则' });
  });

  it('a BibTeX entry read by the import code; two entries or garbage refused', async () => {
    const r = await reader();
    const entry =
      '@article{li2023,\n  title = {基于知识图谱的学术资源推荐方法},\n  author = {李明 and 王芳},\n  journal = {图书情报工作},\n  year = {2023},\n  doi = {10.1234/abcd.2023.01}\n}\n';
    const two = await send(r.c, { mode: 'citation', format: 'bibtex', text: entry + entry.replace('li2023', 'li2024') });
    expect(two.status).toBe(400);
    expect(two.body.error.message).toBe('一次只能推荐一条条目');
    const junk = await send(r.c, { mode: 'citation', format: 'ris', text: 'not a citation' });
    expect(junk.status).toBe(400);
    expect(junk.body.error.fields['body.text']).toBeTruthy();
    const sent = await send(r.c, { mode: 'citation', format: 'bibtex', text: entry });
    expect(sent.status).toBe(201);
    expect((await act(manager, [sent.body.submissionId], 'approve')).status).toBe(200);
    const found = await search('知识图谱的学术资源推荐');
    expect(found.body.content[0]).toMatchObject({ type: 'article', title: '基于知识图谱的学术资源推荐方法' });
  });

  it('bad input: 400 with the field in Chinese, nothing stored', async () => {
    const r = await reader();
    const before = await ctx.db
      .selectFrom('resource_recommendations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const noUrl = await send(r.c, { mode: 'url', title: '某资源', url: 'javascript:alert(1)' });
    expect(noUrl.status).toBe(400);
    const noMode = await send(r.c, { mode: 'video', title: 'x' });
    expect(noMode.status).toBe(400);
    expect(noMode.body.error.message).toContain('请选择推荐方式');
    const after = await ctx.db
      .selectFrom('resource_recommendations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('the state machine and who reviews', () => {
  it('no action on a withdrawn item; 404 for another application; 403 without 审核', async () => {
    const r = await reader();
    const sent = await send(r.c, { mode: 'url', title: '撤回的推荐', url: 'https://w.example.cn' });
    expect(sent.status).toBe(201);
    // another application's reviewer: 404 through their own application
    const other = await act(otherManager, [sent.body.submissionId], 'approve', undefined, otherAppId);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('该审核项不存在');
    // a manager of the application without 审核
    const refused = await act(noRight, [sent.body.submissionId], 'approve');
    expect(refused.status).toBe(403);
    expect((await noRight.get(`/api/v1/moderation/submissions?applicationId=${appId}&kind=resource_verify`)).status).toBe(403);
    // someone else cannot withdraw it
    const stranger = await reader();
    expect((await stranger.c.del(`/api/v1/submissions/${sent.body.submissionId}`)).status).toBe(403);
    // the author withdraws; then nothing more
    const w = await r.c.del(`/api/v1/submissions/${sent.body.submissionId}`);
    expect(w.status).toBe(200);
    expect(w.body.message).toBe('已撤回');
    const late = await act(manager, [sent.body.submissionId], 'approve');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('该项已撤回，不能通过');
    expect((await r.c.del(`/api/v1/submissions/${sent.body.submissionId}`)).status).toBe(409);
    const rec = await ctx.db.selectFrom('resource_recommendations').select('resource_id').where('id', '=', sent.body.id).executeTakeFirstOrThrow();
    expect(rec.resource_id).toBeNull();
  });
});

describe('the daily limit', () => {
  it('20 recommendations a day per reader and application; the 21st is 429 in Chinese', async () => {
    const r = await reader();
    for (let i = 0; i < 20; i++) expect((await send(r.c, { mode: 'url', title: `限额推荐 ${i}`, url: `https://limit.example.cn/${i}` })).status).toBe(201);
    const over = await send(r.c, { mode: 'url', title: '限额推荐 21', url: 'https://limit.example.cn/21' });
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe('每天最多推荐 20 条资源，请明天再试');
  });
});
