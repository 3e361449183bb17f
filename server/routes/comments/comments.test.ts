/**
 * Comments and the moderation engine (docs/decisions.md 550-566), through the API on both databases:
 * each transition of the state machine and the refused ones (409/403/404 with Chinese messages), the
 * queue rules (先审后发 / 先发后审, sensitive word, first comment, more than 2 links, 3 reports), the rate
 * limits (429), the audit rows and notifications written per transition, and who sees which rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs, createTestContext, insertApplication, type Client, type TestContext } from '../../test/harness.js';
import { MANAGER_RIGHTS } from '../../../common/roles.js';
import { MSG } from '../../../common/messages.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { bumpWordsVersion, matcherBuilds } from '../../comments/words.js';

let ctx: TestContext;
let appId: number;
let otherAppId: number;
let manager: Client;
let managerId: number;
let otherManager: Client;
let anonymous: Client;
const readers: Client[] = [];
const readerIds: number[] = [];
let seq = 0;

async function user(name: string): Promise<number> {
  const t = new Date().toISOString();
  return (
    await ctx.db
      .insertInto('users')
      .values({ phone: `1390000${String(1000 + seq++)}`, email: null, name, affiliation: '', role: 'user', anonymous: 0, created_at: t })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function notice(app = appId, active = 1): Promise<string> {
  const t = new Date().toISOString();
  const row = await ctx.db
    .insertInto('notices')
    .values({
      application_id: app,
      module_id: null,
      user_id: null,
      title: '开馆通知',
      type: '消息公告',
      content: '<p>x</p>',
      top: 0,
      active,
      publish_date_time: t,
      create_date_time: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A new reader (a fresh account: their first comment is held, decision 560) and their client. */
async function reader(): Promise<{ c: Client; id: number }> {
  const id = await user(`读者${seq}`);
  return { c: await clientAs(ctx, id), id };
}

const post = (c: Client, targetId: string, body: string, extra: object = {}) =>
  c.post('/api/v1/comments', { applicationId: appId, targetType: 'notice', targetId, body, ...extra });
const list = (c: Client, targetId: string) => c.get(`/api/v1/comments?applicationId=${appId}&targetType=notice&targetId=${targetId}`);
const act = (c: Client, ids: number[], action: string, reason?: string, app = appId) =>
  c.post('/api/v1/moderation/review', { applicationId: app, ids, action, ...(reason ? { reason } : {}) });
const submissionOf = async (commentId: number) =>
  ctx.db.selectFrom('submissions').selectAll().where('kind', '=', 'comment').where('ref_id', '=', commentId).executeTakeFirstOrThrow();
const setMode = (mode: 'pre' | 'post', targets = ['notice', 'resource', 'report', 'wechat']) =>
  manager.put(`/api/v1/applications/${appId}/comment-settings`, { mode, targets });

/** A reader who has commented once already (so the first-comment rule is out of the way), approved. */
async function seasoned(): Promise<{ c: Client; id: number }> {
  const r = await reader();
  const first = await post(r.c, await notice(), '第一条评论');
  expect(first.status).toBe(201);
  const s = await submissionOf(first.body.id);
  expect((await act(manager, [s.id], 'approve')).status).toBe(200);
  return r;
}

beforeAll(async () => {
  ctx = await createTestContext();
  appId = await insertApplication(ctx.db, { name: '评论站', host: 'comments.example.cn', status: 'released' });
  otherAppId = await insertApplication(ctx.db, { name: '他站', host: 'other-comments.example.cn', status: 'released' });
  const m = await user('审核员');
  const om = await user('他站审核员');
  await ctx.db
    .insertInto('application_managers')
    .values([
      { application_id: appId, user_id: m, rights: JSON.stringify(MANAGER_RIGHTS) },
      { application_id: otherAppId, user_id: om, rights: JSON.stringify(MANAGER_RIGHTS) },
    ])
    .execute();
  managerId = m;
  manager = await clientAs(ctx, m);
  otherManager = await clientAs(ctx, om);
  anonymous = ctx.client();
  for (let i = 0; i < 2; i++) {
    const r = await reader();
    readers.push(r.c);
    readerIds.push(r.id);
  }
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('the state machine', () => {
  it('pending → approved → rejected → reopened → approved; withdrawn by the author; refusals in Chinese', async () => {
    const target = await notice();
    const r = await reader();
    const posted = await post(r.c, target, '馆藏很丰富');
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ shown: false, message: '评论已提交，审核通过后显示' });
    const s = await submissionOf(posted.body.id);
    expect(s.status).toBe('pending');

    // approve, then not twice
    const ok = await act(manager, [s.id], 'approve');
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('已处理 1 条');
    const again = await act(manager, [s.id], 'approve');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('该项已通过，不能通过');
    expect((await submissionOf(posted.body.id)).reviewer_id).not.toBeNull();

    // reject needs a reason; the author sees it in the notification
    const noReason = await act(manager, [s.id], 'reject');
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe('请填写驳回理由');
    expect((await act(manager, [s.id], 'reject', '与主题无关')).status).toBe(200);
    const rejected = await submissionOf(posted.body.id);
    expect(rejected).toMatchObject({ status: 'rejected', reason: '与主题无关' });
    expect((await list(anonymous, target)).body.content).toEqual([]);

    // reopen, approve again
    expect((await act(manager, [s.id], 'reopen')).status).toBe(200);
    expect((await submissionOf(posted.body.id)).status).toBe('pending');
    expect((await act(manager, [s.id], 'approve')).status).toBe(200);
    expect((await list(anonymous, target)).body.content.map((c: { body: string }) => c.body)).toEqual(['馆藏很丰富']);

    // only the author withdraws; after that nothing moves it
    const notMine = await readers[0]!.del(`/api/v1/comments/${posted.body.id}`);
    expect(notMine.status).toBe(403);
    const gone = await r.c.del(`/api/v1/comments/${posted.body.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe('评论已撤回');
    expect((await list(anonymous, target)).body.content).toEqual([]);
    const onWithdrawn = await act(manager, [s.id], 'approve');
    expect(onWithdrawn.status).toBe(409);
    expect(onWithdrawn.body.error.message).toBe('该项已撤回，不能通过');
    expect((await r.c.del(`/api/v1/comments/${posted.body.id}`)).body.error.message).toBe('该项已撤回，不能撤回');

    // every transition in the audit log, one notification per staff action
    const log = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'user_label', 'application_id'])
      .where('resource', '=', 'submission')
      .where('resource_id', '=', String(s.id))
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['submit', 'approve', 'reject', 'reopen', 'approve', 'withdraw']);
    expect(log.every((l) => l.application_id === appId)).toBe(true);
    expect(log[1]!.user_label).toContain('审核员');
    const notes = await ctx.db.selectFrom('notifications').select(['title', 'body', 'link']).where('user_id', '=', r.id).orderBy('id').execute();
    expect(notes.map((n) => n.title)).toEqual(['您的评论已通过审核', '您的评论未通过审核', '您的评论将重新审核', '您的评论已通过审核']);
    expect(notes[1]!.body).toBe('驳回理由：与主题无关');
    expect(notes[0]!.link).toBe(`/resources/notices/${target}`);
  });

  it('a bulk action is all or nothing; another application’s item is 404; a reviewer of another site is refused', async () => {
    const target = await notice();
    const a = await post((await reader()).c, target, '评论甲');
    const b = await post((await reader()).c, target, '评论乙');
    const [sa, sb] = [await submissionOf(a.body.id), await submissionOf(b.body.id)];
    expect((await act(manager, [sa.id], 'approve')).status).toBe(200);
    const mixed = await act(manager, [sa.id, sb.id], 'approve');
    expect(mixed.status).toBe(409);
    expect((await submissionOf(b.body.id)).status).toBe('pending');
    const foreign = await act(otherManager, [sb.id], 'approve', undefined, otherAppId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('该审核项不存在');
    const refused = await act(otherManager, [sb.id], 'approve');
    expect(refused.status).toBe(403);
    // bulk reject with one reason
    const c = await post((await reader()).c, target, '评论丙');
    const sc = await submissionOf(c.body.id);
    const bulk = await act(manager, [sb.id, sc.id], 'reject', '重复内容');
    expect(bulk.body.message).toBe('已处理 2 条');
    expect((await submissionOf(c.body.id)).reason).toBe('重复内容');
  });
});

describe('the queue rules', () => {
  it('先发后审 shows a plain comment at once (still reviewable); 先审后发 holds it', async () => {
    const r = await seasoned();
    expect((await setMode('post')).status).toBe(200);
    const target = await notice();
    const shown = await post(r.c, target, '开放时间很方便');
    expect(shown.body).toMatchObject({ shown: true, message: '评论已发表' });
    expect((await submissionOf(shown.body.id)).status).toBe('pending');
    expect((await list(anonymous, target)).body.content).toHaveLength(1);
    // rejecting takes it down
    expect((await act(manager, [(await submissionOf(shown.body.id)).id], 'reject', '不当言论')).status).toBe(200);
    expect((await list(anonymous, target)).body.content).toHaveLength(0);

    await setMode('pre');
    const held = await post(r.c, target, '希望延长开放时间');
    expect(held.body.shown).toBe(false);
    expect(JSON.parse((await submissionOf(held.body.id)).flags)).toEqual(['premoderation']);
  });

  it('holds under 先发后审 a sensitive word (marked), a first comment, more than 2 links', async () => {
    const r = await seasoned();
    await setMode('post');
    const words = await manager.put(`/api/v1/applications/${appId}/sensitive-words`, { text: '违禁词\n\n  Spam  \nspam\n广告' });
    expect(words.status).toBe(200);
    expect(words.body.message).toBe('敏感词已保存（共 3 个）');
    const target = await notice();
    const bad = await post(r.c, target, '这里有违禁词和SPAM');
    expect(bad.body.shown).toBe(false);
    const s = await submissionOf(bad.body.id);
    expect(JSON.parse(s.flags)).toEqual(['sensitive']);
    expect(JSON.parse(s.marks).sort()).toEqual(['spam', '违禁词']);
    const queue = await manager.get(`/api/v1/moderation/submissions?applicationId=${appId}&kind=comment&status=pending&q=${encodeURIComponent('违禁词')}`);
    expect(queue.status).toBe(200);
    const author = await ctx.db.selectFrom('users').select('name').where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(queue.body.content[0]).toMatchObject({
      summary: '这里有违禁词和SPAM',
      flags: ['sensitive'],
      fields: { reply: '评论' },
      authorName: author.name,
      reviewerName: null,
    });
    expect(queue.body.totalElements).toBe(1);

    const links = await post(r.c, target, '见 https://a.example.cn 和 https://b.example.cn 以及 http://c.example.cn');
    expect(JSON.parse((await submissionOf(links.body.id)).flags)).toEqual(['links']);
    const two = await post(r.c, target, '见 https://a.example.cn 和 https://b.example.cn');
    expect(two.body.shown).toBe(true);

    const fresh = await reader();
    const first = await post(fresh.c, target, '第一次来');
    expect(JSON.parse((await submissionOf(first.body.id)).flags)).toEqual(['firstComment']);
    await manager.put(`/api/v1/applications/${appId}/sensitive-words`, { text: '' });
    await setMode('pre');
  });

  it('compiles the word list once per application, not per comment, and once again after each save (in any process)', async () => {
    const readers = [await seasoned(), await seasoned(), await seasoned()];
    let turn = 0;
    await setMode('post');
    const target = await notice();
    await manager.put(`/api/v1/applications/${appId}/sensitive-words`, { text: '缓存词' });
    const before = matcherBuilds.count;
    const marked = async (body: string) => {
      const sent = await post(readers[turn++ % readers.length]!.c, target, body);
      expect(sent.status).toBe(201);
      return JSON.parse((await submissionOf(sent.body.id)).marks) as string[];
    };
    expect(await marked('第一条含缓存词')).toEqual(['缓存词']);
    expect(await marked('第二条含缓存词')).toEqual(['缓存词']);
    expect(await marked('第三条没有')).toEqual([]);
    expect(matcherBuilds.count - before).toBe(1);
    // edited in the console: the next comment is checked against the new list, compiled once
    await manager.put(`/api/v1/applications/${appId}/sensitive-words`, { text: '新词' });
    expect(await marked('含缓存词和新词')).toEqual(['新词']);
    expect(await marked('又是新词')).toEqual(['新词']);
    expect(matcherBuilds.count - before).toBe(2);
    // saved by another process: its save raised the stored version, which this process reads
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sensitive_words').where('application_id', '=', appId).execute();
      await trx.insertInto('sensitive_words').values({ application_id: appId, word: '别处' }).execute();
      await bumpWordsVersion(trx, appId);
    });
    expect(await marked('新词在别处')).toEqual(['别处']);
    expect(matcherBuilds.count - before).toBe(3);
    await manager.put(`/api/v1/applications/${appId}/sensitive-words`, { text: '' });
    await setMode('pre');
  });

  it('the queue text filter finds what a substring test finds: 1 and 2 characters by the grams (058), 3 or more by the trigrams', async () => {
    const readers = [await seasoned(), await seasoned(), await seasoned()];
    await setMode('pre');
    const target = await notice();
    const texts = ['ABC检索词在这里', '只有检索两字', '100%符号测试', '引号"内"的话', 'abc小写的检索词', '无关的评论', '检', '😀表情a_b'];
    for (const [i, body] of texts.entries()) expect((await post(readers[i % 3]!.c, target, body)).status).toBe(201);
    // a summary changed later is found by its new text only (the index follows the row)
    const changed = await submissionOf((await post(readers[0]!.c, target, '旧的文字内容')).body.id);
    await ctx.db.updateTable('submissions').set({ summary: '新的文字内容' }).where('id', '=', changed.id).execute();
    const all = await ctx.db
      .selectFrom('submissions')
      .select(['id', 'summary'])
      .where('application_id', '=', appId)
      .where('kind', '=', 'comment')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const queries = ['abc检索', '检索词', '检索', 'ABC', '%符号', '引号"内', '旧的文字', '新的文字', '不存在的词'];
    const short = ['检', '索', 'b', 'B', 'bC', 'c检', '%', '%符', '"', '"内', '_', 'a_', '😀', '😀表', '旧的', '新的', '旧', '新', 'zq'];
    for (const q of [...queries, ...short]) {
      const want = all.filter((r) => r.summary.toLowerCase().includes(q.toLowerCase())).map((r) => r.id);
      const got = await manager.get(`/api/v1/moderation/submissions?applicationId=${appId}&kind=comment&q=${encodeURIComponent(q)}`);
      expect(got.status).toBe(200);
      expect((got.body.content as Array<{ id: number }>).map((r) => r.id)).toEqual(want.slice(0, 20));
      expect(got.body.totalElements).toBe(want.length);
      // small pages: the first ones come from the newest rows, later ones through the index; the same rows either way
      for (const size of [1, 2, 3]) {
        for (let page = 1; page <= Math.ceil(want.length / size) + 1; page++) {
          const p = await manager.get(
            `/api/v1/moderation/submissions?applicationId=${appId}&kind=comment&q=${encodeURIComponent(q)}&size=${size}&page=${page}`,
          );
          expect((p.body.content as Array<{ id: number }>).map((r) => r.id)).toEqual(want.slice((page - 1) * size, page * size));
        }
      }
    }
  });

  it('the queue counts its total up to a cap: 10,000 without a text, 1,000 with one (decision 691); the rows stay those of the filter', async () => {
    const other = await insertApplication(ctx.db, { name: '计数上限站', host: 'count-cap.example.cn', status: 'released' });
    await ctx.db
      .insertInto('application_managers')
      .values({ application_id: other, user_id: managerId, rights: JSON.stringify(MANAGER_RIGHTS) })
      .execute();
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 1_050 }, (_, i) => ({
      application_id: other,
      kind: 'comment',
      ref_id: 9_000_000 + i,
      author_id: managerId,
      summary: i % 3 === 0 ? `第${i}条：分析方法` : `第${i}条：其他内容`,
      status: 'pending',
      flags: '[]',
      marks: '[]',
      reason: null,
      reviewer_id: null,
      created_at: new Date(t0 + i * 1000).toISOString(),
      updated_at: new Date(t0 + i * 1000).toISOString(),
      reviewed_at: null,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await ctx.db
        .insertInto('submissions')
        .values(rows.slice(i, i + 200))
        .execute();
    const get = (q: string) => manager.get(`/api/v1/moderation/submissions?applicationId=${other}&kind=comment&status=pending${q}`);
    expect((await get('')).body.totalElements).toBe(1_050);
    expect((await get('&q=条')).body.totalElements).toBe(1_000);
    expect((await get('&q=：其他')).body.totalElements).toBe(700);
    const analysed = await get('&q=分析');
    expect(analysed.body.totalElements).toBe(350);
    expect((analysed.body.content as Array<{ summary: string }>).map((r) => r.summary)).toEqual(
      rows
        .filter((r) => r.summary.includes('分析'))
        .reverse()
        .slice(0, 20)
        .map((r) => r.summary),
    );
    // a page past the newest rows: through the index, in order
    const deep = await get('&q=条&page=50');
    expect((deep.body.content as Array<{ summary: string }>).map((r) => r.summary)).toEqual(
      rows
        .slice(50, 70)
        .reverse()
        .map((r) => r.summary),
    );
  });

  it('the third 举报 hides a shown comment and sends it back to the queue', async () => {
    const r = await seasoned();
    await setMode('post');
    const target = await notice();
    const c = await post(r.c, target, '一条会被举报的评论');
    const s = await submissionOf(c.body.id);
    await act(manager, [s.id], 'approve');
    const reporters = [await reader(), await reader(), await reader()];
    expect((await reporters[0]!.c.post(`/api/v1/comments/${c.body.id}/report`, { reason: '广告' })).body.message).toBe('已举报，感谢您的反馈');
    const twice = await reporters[0]!.c.post(`/api/v1/comments/${c.body.id}/report`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('您已举报过这条评论');
    await reporters[1]!.c.post(`/api/v1/comments/${c.body.id}/report`, {});
    expect((await list(anonymous, target)).body.content).toHaveLength(1);
    await reporters[2]!.c.post(`/api/v1/comments/${c.body.id}/report`, {});
    expect((await list(anonymous, target)).body.content).toHaveLength(0);
    const after = await submissionOf(c.body.id);
    expect(after.status).toBe('pending');
    expect(JSON.parse(after.flags)).toContain('reported');
    const log = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'user_label'])
      .where('resource', '=', 'submission')
      .where('resource_id', '=', String(s.id))
      .orderBy('id')
      .execute();
    expect(log.at(-1)).toEqual({ action: 'reopen', user_label: '系统' });
    await setMode('pre');
  });
});

describe('input, limits and who sees what', () => {
  it('refuses bad comments with Chinese messages; escapes nothing because nothing is HTML', async () => {
    const r = await seasoned();
    const target = await notice();
    const empty = await post(r.c, target, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields['body.body']).toBe('请输入评论内容');
    expect((await post(r.c, target, '字'.repeat(1001))).body.error.fields['body.body']).toBe('评论最多 1000 个字符');
    expect((await post(r.c, target, '<script>alert(1)</script>')).status).toBe(400);
    expect((await post(r.c, target, '1 < 2 是对的')).status).toBe(201);
    const closed = await setMode('pre', ['resource']);
    expect(closed.status).toBe(200);
    const refused = await post(r.c, target, '关闭后评论');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('本站未开放此类内容的评论');
    await setMode('pre');
    const hidden = await post(r.c, await notice(appId, 0), '未发布通知');
    expect(hidden.status).toBe(404);
    expect((await anonymous.post('/api/v1/comments', { applicationId: appId, targetType: 'notice', targetId: target, body: '匿名' })).status).toBe(401);
  });

  it('comments on a WeChat article or a record published in the application’s topic; 404 for one outside it', async () => {
    const topicId = await ensureTopic(ctx.db, '评论专题');
    await ctx.db.updateTable('applications').set({ topic_id: topicId }).where('id', '=', appId).execute();
    await upsertResources(ctx.db, [
      { type: 'wechat_article', sourceKey: 'wx-comment', title: '公众号文章', fields: {}, topicId },
      { type: 'article', sourceKey: 'a-outside', title: '专题外的论文', fields: {} },
    ]);
    const idOf = async (key: string) => String((await ctx.db.selectFrom('resources').select('id').where('source_key', '=', key).executeTakeFirstOrThrow()).id);
    const [wx, outside] = [await idOf('wx-comment'), await idOf('a-outside')];
    const r = await seasoned();
    const on = (targetType: string, targetId: string) => r.c.post('/api/v1/comments', { applicationId: appId, targetType, targetId, body: '好文章' });
    expect((await on('wechat', wx)).status).toBe(201);
    expect((await on('resource', wx)).status).toBe(201);
    const wrongType = await on('report', wx);
    expect(wrongType.status).toBe(404);
    expect(wrongType.body.error.message).toBe('评论的内容不存在');
    expect((await on('resource', outside)).status).toBe(404);
  });

  it('limits an account to 5 comments a minute (429 in Chinese)', async () => {
    const r = await seasoned();
    const target = await notice();
    for (let i = 0; i < 4; i++) expect((await post(r.c, target, `第 ${i} 条`)).status).toBe(201);
    const sixth = await post(r.c, target, '太快了');
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toBe(MSG.commentRateMinute);
    // the day's limit: 100 counted already
    await ctx.db.updateTable('rate_limits').set({ count: 100 }).where('key', '=', `comment:day:${r.id}`).execute();
    await ctx.db.deleteFrom('rate_limits').where('key', '=', `comment:minute:${r.id}`).execute();
    const day = await post(r.c, target, '今天太多了');
    expect(day.status).toBe(429);
    expect(day.body.error.message).toBe('今天已发表 100 条评论，达到上限，请明天再试');
  });

  it('a visitor sees shown comments and their own pending ones; replies one level; 点赞 once per account', async () => {
    const author = await seasoned();
    const target = await notice();
    const c = await post(author.c, target, '主评论');
    await act(manager, [(await submissionOf(c.body.id)).id], 'approve');
    const mine = await post(readers[0]!, target, '我的待审评论');
    expect(mine.body.shown).toBe(false);
    const own = await list(readers[0]!, target);
    expect(own.body.content.map((x: { body: string; pending: boolean }) => [x.body, x.pending])).toEqual([
      ['我的待审评论', true],
      ['主评论', false],
    ]);
    expect((await list(readers[1]!, target)).body.content.map((x: { body: string }) => x.body)).toEqual(['主评论']);
    const anon = await list(anonymous, target);
    expect(anon.body).toMatchObject({ signedIn: false, open: true, totalElements: 1 });

    const reply = await post(author.c, target, '回复一下', { parentId: c.body.id });
    expect(reply.status).toBe(201);
    await act(manager, [(await submissionOf(reply.body.id)).id], 'approve');
    const replyToReply = await post(author.c, target, '再回复', { parentId: reply.body.id });
    expect(replyToReply.status).toBe(400);
    expect(replyToReply.body.error.message).toBe('只能回复一条已显示的评论，回复只有一层');
    expect((await list(anonymous, target)).body.content[0].replies.map((x: { body: string }) => x.body)).toEqual(['回复一下']);

    expect((await readers[1]!.post(`/api/v1/comments/${c.body.id}/like`)).body).toEqual({ liked: true, likes: 1 });
    expect((await readers[0]!.post(`/api/v1/comments/${c.body.id}/like`)).body).toEqual({ liked: true, likes: 2 });
    expect((await readers[1]!.post(`/api/v1/comments/${c.body.id}/like`)).body).toEqual({ liked: false, likes: 1 });
    expect((await readers[0]!.post(`/api/v1/comments/${mine.body.id}/like`)).status).toBe(404);
  });

  it('serves a visitor the cached page until the comments change (decision 695)', async () => {
    const author = await seasoned();
    const target = await notice();
    const bodies = async (c: Client) => (await list(c, target)).body.content.map((x: { body: string; likes: number }) => `${x.body}:${x.likes}`);
    const c = await post(author.c, target, '缓存里的评论');
    const s = await submissionOf(c.body.id);
    await act(manager, [s.id], 'approve');
    expect(await bodies(anonymous)).toEqual(['缓存里的评论:0']);
    // a change no write of the API made: the visitor is still served the kept page, a signed-in reader reads it
    await ctx.db.updateTable('comments').set({ body: '库里改过的评论' }).where('id', '=', c.body.id).execute();
    expect(await bodies(anonymous)).toEqual(['缓存里的评论:0']);
    expect(await bodies(readers[1]!)).toEqual(['库里改过的评论:0']);
    // each write of the API raises the target's version: 点赞, a review, the author's withdrawal
    await readers[1]!.post(`/api/v1/comments/${c.body.id}/like`);
    expect(await bodies(anonymous)).toEqual(['库里改过的评论:1']);
    await act(manager, [s.id], 'reject', '内容不当');
    expect(await bodies(anonymous)).toEqual([]);
    await act(manager, [s.id], 'reopen');
    await act(manager, [s.id], 'approve');
    expect(await bodies(anonymous)).toEqual(['库里改过的评论:1']);
    const version = await ctx.db.selectFrom('comment_versions').select('version').where('target_id', '=', target).executeTakeFirstOrThrow();
    expect(version.version).toBeGreaterThanOrEqual(5);
    // the settings are part of the page: closing the type shows at once
    expect((await list(anonymous, target)).body.open).toBe(true);
    expect((await setMode('pre', ['resource'])).status).toBe(200);
    expect((await list(anonymous, target)).body.open).toBe(false);
    expect((await setMode('pre')).status).toBe(200);
    expect((await author.c.del(`/api/v1/comments/${c.body.id}`)).status).toBe(200);
    expect(await bodies(anonymous)).toEqual([]);
    // a notice taken down answers 404 to the visitor, cached page or not
    await ctx.db.updateTable('notices').set({ active: 0 }).where('id', '=', Number(target)).execute();
    await ctx.app.visitorCache.invalidate();
    expect((await list(anonymous, target)).status).toBe(404);
  });

  it('a reviewer sees the queue and the badge of their application only', async () => {
    const pending = await manager.get('/api/v1/moderation/pending');
    expect(pending.status).toBe(200);
    expect(pending.body.total).toBeGreaterThan(0);
    expect((await otherManager.get('/api/v1/moderation/pending')).body).toEqual({ total: 0, byKind: {} });
    expect((await otherManager.get(`/api/v1/moderation/submissions?applicationId=${appId}`)).status).toBe(403);
    const reader0 = await readers[0]!.get(`/api/v1/moderation/submissions?applicationId=${appId}`);
    expect(reader0.status).toBe(403);
    const page = await manager.get(`/api/v1/moderation/submissions?applicationId=${appId}&page=1`);
    expect(page.body.size).toBe(20);
    expect(page.body.content.every((s: { applicationId: number }) => s.applicationId === appId)).toBe(true);
    const bad = await manager.get(`/api/v1/moderation/submissions?applicationId=${appId}&status=zzz`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('未知的审核状态');
  });
});
