/**
 * 学者认证 (`user_examine`) and 成果认领 (`fruit_appeal`) through the API on both databases (issue 29 §6;
 * docs/decisions.md 650-656): a claim by an e-mail code at the institution's domain (wrong, expired and
 * off-domain refused), by a document (checked by content); approval shows 已认证, a second claim of a
 * verified profile is refused; the owner's profile edit shows only once approved; a verified scholar
 * claims and disputes outputs, each approval changing the author link with a history row; no approval
 * twice, no action on a withdrawn item, 404 for another application's item, 403 without 审核,
 * a notification for each state change.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs, createTestContext, insertApplication, type Client, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MANAGER_RIGHTS } from '../../../common/roles.js';

let ctx: TestContext;
let appId: number;
let otherAppId: number;
let manager: Client;
let otherManager: Client;
let noRight: Client;
let anonymous: Client;
let seq = 0;
let scholarIds: number[] = [];
let outputId: number;

async function user(name: string, email: string | null = null): Promise<number> {
  const t = new Date().toISOString();
  return (
    await ctx.db
      .insertInto('users')
      .values({ phone: `1370000${String(1000 + seq++)}`, email, name, affiliation: '', role: 'user', anonymous: 0, created_at: t })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
async function reader(): Promise<{ c: Client; id: number }> {
  const id = await user(`读者${seq}`);
  return { c: await clientAs(ctx, id), id };
}

/** The last 6-digit code mailed to `to`. */
function mailedCode(to: string): string {
  const file = ctx.config.mailOutbox;
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
  const m = lines
    .map((l) => JSON.parse(l) as { to: string; text: string })
    .filter((x) => x.to === to)
    .at(-1)
    ?.text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no code mailed to ${to}`);
  return m[1];
}

const act = (c: Client, ids: number[], action: string, reason?: string, app = appId) =>
  c.post('/api/v1/moderation/review', { applicationId: app, ids, action, ...(reason ? { reason } : {}) });
const verification = (c: Client, id: number) => c.get(`/api/v1/scholars/${id}/verification?applicationId=${appId}`);
const notes = (userId: number) => ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** Claims scholar `scholarId` by an e-mail code; the answer of the claim. */
async function claimByMail(c: Client, scholarId: number, email: string) {
  const sent = await c.post('/api/v1/scholar-claims/code', { applicationId: appId, scholarId, email });
  expect(sent.status).toBe(200);
  return c.post('/api/v1/scholar-claims', { applicationId: appId, scholarId, evidence: 'email', email, code: mailedCode(email) });
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');

beforeAll(async () => {
  ctx = await createTestContext();
  const topicId = await ensureTopic(ctx.db, '学者专题');
  appId = await insertApplication(ctx.db, { name: '学者站', host: 'scholars.example.cn', status: 'released', topicId });
  otherAppId = await insertApplication(ctx.db, { name: '他站', host: 'other-scholars.example.cn', status: 'released', topicId });
  const inst = await upsertResources(ctx.db, [
    { type: 'institution', sourceKey: 'claims:inst', title: '北方大学', fields: { url: 'https://www.north.edu.cn/' }, topicId },
  ]);
  const made = await upsertResources(
    ctx.db,
    ['张明', '李华', '王芳', '赵强', '孙丽'].map((name, i) => ({
      type: 'scholar' as const,
      sourceKey: `claims:s${i}`,
      title: name,
      fields: { institution: '北方大学', institutionId: inst.ids[0] },
      topicId,
    })),
  );
  scholarIds = made.ids;
  const noDomain = await upsertResources(ctx.db, [{ type: 'scholar', sourceKey: 'claims:nodomain', title: '无域名学者', fields: {}, topicId }]);
  scholarIds.push(noDomain.ids[0]);
  outputId = (await upsertResources(ctx.db, [{ type: 'fruit', sourceKey: 'claims:fruit', title: '稀土催化研究', fields: { authors: '张明' }, topicId }]))
    .ids[0];
  const m = await user('学者审核员');
  const om = await user('他站审核员');
  const nr = await user('无权管理员');
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

describe('学者认证 by an e-mail code', () => {
  it('refuses an address off the domain, a wrong and an expired code; a claim approved shows 已认证 and is refused a second time', async () => {
    const r = await reader();
    const sid = scholarIds[0];
    expect((await anonymous.post('/api/v1/scholar-claims/code', { applicationId: appId, scholarId: sid, email: 'a@north.edu.cn' })).status).toBe(401);
    const off = await r.c.post('/api/v1/scholar-claims/code', { applicationId: appId, scholarId: sid, email: 'zm@gmail.com' });
    expect(off.status).toBe(400);
    expect(off.body.error.fields.email).toBe('请使用机构域名 north.edu.cn 的邮箱');
    const none = await r.c.post('/api/v1/scholar-claims/code', { applicationId: appId, scholarId: scholarIds[5], email: 'x@north.edu.cn' });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain('没有登记网址');

    const email = 'zhangming@math.north.edu.cn';
    expect((await r.c.post('/api/v1/scholar-claims/code', { applicationId: appId, scholarId: sid, email })).status).toBe(200);
    const code = mailedCode(email);
    const wrong = await r.c.post('/api/v1/scholar-claims', {
      applicationId: appId,
      scholarId: sid,
      evidence: 'email',
      email,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.code).toBe('验证码错误或已过期');
    // the code expires
    await ctx.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('target', 'like', `scholar:${r.id}:%`)
      .execute();
    const expired = await r.c.post('/api/v1/scholar-claims', { applicationId: appId, scholarId: sid, evidence: 'email', email, code });
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toBe('验证码错误或已过期');
    await ctx.db
      .updateTable('verification_codes')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
      .where('target', 'like', `scholar:${r.id}:%`)
      .execute();

    const sent = await claimByMail(r.c, sid, email);
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('认证申请已提交，审核通过后生效');
    expect((await verification(r.c, sid)).body).toMatchObject({ verified: false, myClaim: { status: 'pending' } });

    const queue = await manager.get(`/api/v1/moderation/submissions?applicationId=${appId}&kind=user_examine`);
    expect(queue.status).toBe(200);
    const item = queue.body.content.find((s: { id: number }) => s.id === sent.body.submissionId);
    expect(item.fields).toMatchObject({ request: '学者认证', scholar: '张明', evidence: `机构邮箱验证：${email}` });
    expect(item.link).toBe(`/microapp/profile/${sid}`);

    expect((await act(manager, [sent.body.submissionId], 'approve')).status).toBe(200);
    const twice = await act(manager, [sent.body.submissionId], 'approve');
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('该项已通过，不能通过');
    const v = await verification(anonymous, sid);
    expect(v.body).toMatchObject({ verified: true, mine: false });
    expect((await verification(r.c, sid)).body.mine).toBe(true);
    const link = await ctx.db.selectFrom('scholar_claims').selectAll().where('user_id', '=', r.id).executeTakeFirstOrThrow();
    expect(link.resource_id).toBe(sid);
    const n = await notes(r.id);
    expect(n.at(-1)).toMatchObject({ kind: 'submission.approve', title: '您的学者认证已通过审核' });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', 'submission')
      .where('resource_id', '=', String(sent.body.submissionId))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['submit', 'approve']);

    // another reader cannot claim the verified profile, not even ask for a code
    const other = await reader();
    const taken = await other.c.post('/api/v1/scholar-claims/code', { applicationId: appId, scholarId: sid, email: 'other@north.edu.cn' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('该学者已被其他账号认证，不能重复认领');
    const taken2 = await other.c.post('/api/v1/scholar-claims', {
      applicationId: appId,
      scholarId: sid,
      evidence: 'document',
      document: { name: 'a.pdf', data: PDF },
    });
    expect(taken2.status).toBe(409);
    // and the verified account cannot claim a second profile
    const second = await r.c.post('/api/v1/scholar-claims', {
      applicationId: appId,
      scholarId: scholarIds[1],
      evidence: 'document',
      document: { name: 'a.pdf', data: PDF },
    });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe('每个账号只能认证一位学者');

    // the owner's profile edit shows only once approved
    const edit = await r.c.put('/api/v1/scholar-claims/profile', {
      applicationId: appId,
      biography: '研究稀土催化。',
      links: [{ title: '课题组主页', url: 'https://lab.north.edu.cn' }],
    });
    expect(edit.status).toBe(201);
    expect((await verification(anonymous, sid)).body.biography).toBe('');
    expect((await r.c.get('/api/v1/scholar-claims/mine')).body.profile).toMatchObject({ scholarId: sid, pendingEdit: { biography: '研究稀土催化。' } });
    const again = await r.c.put('/api/v1/scholar-claims/profile', { applicationId: appId, biography: '再改', links: [] });
    expect(again.status).toBe(409);
    expect((await act(manager, [edit.body.submissionId], 'approve')).status).toBe(200);
    expect((await verification(anonymous, sid)).body).toMatchObject({
      biography: '研究稀土催化。',
      links: [{ title: '课题组主页', url: 'https://lab.north.edu.cn' }],
    });
    const bad = await r.c.put('/api/v1/scholar-claims/profile', {
      applicationId: appId,
      biography: '<script>x</script>',
      links: [{ title: 'x', url: 'javascript:alert(1)' }],
    });
    expect(bad.status).toBe(400);
    expect((await other.c.put('/api/v1/scholar-claims/profile', { applicationId: appId, biography: 'x', links: [] })).status).toBe(403);
  });
});

describe('学者认证 by a document; the state machine', () => {
  it('a document checked by content; rejection with its reason; no action on a withdrawn item; 404 elsewhere; 403 without the right', async () => {
    const r = await reader();
    const sid = scholarIds[1];
    const fake = await r.c.post('/api/v1/scholar-claims', {
      applicationId: appId,
      scholarId: sid,
      evidence: 'document',
      document: { name: 'proof.pdf', data: Buffer.from('<html>not a pdf</html>').toString('base64') },
    });
    expect(fake.status).toBe(400);
    expect(fake.body.error.fields.document).toBe('证明材料须为 PDF 或图片文件');
    const sent = await r.c.post('/api/v1/scholar-claims', {
      applicationId: appId,
      scholarId: sid,
      evidence: 'document',
      document: { name: '工作证.pdf', data: PDF },
      note: '附工作证',
    });
    expect(sent.status).toBe(201);
    // the reviewer downloads the evidence; others cannot
    const doc = await manager.get(`/api/v1/scholar-claims/${sent.body.id}/document`);
    expect(doc.status).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect((await noRight.get(`/api/v1/scholar-claims/${sent.body.id}/document`)).status).toBe(403);
    expect((await r.c.get(`/api/v1/scholar-claims/${sent.body.id}/document`)).status).toBe(403);

    expect((await act(otherManager, [sent.body.submissionId], 'approve', undefined, otherAppId)).status).toBe(404);
    expect((await act(noRight, [sent.body.submissionId], 'approve')).status).toBe(403);
    expect((await act(manager, [sent.body.submissionId], 'reject', '材料不清晰')).status).toBe(200);
    const n = await notes(r.id);
    expect(n.at(-1)).toMatchObject({ kind: 'submission.reject', title: '您的学者认证未通过审核' });
    expect(n.at(-1)!.body).toContain('材料不清晰');
    const mine = await r.c.get('/api/v1/submissions/mine');
    expect(mine.body.content[0]).toMatchObject({ kind: 'user_examine', status: 'rejected', reason: '材料不清晰' });
    expect((await verification(r.c, sid)).body.myClaim).toEqual({ status: 'rejected', reason: '材料不清晰' });

    // reopened by staff (a notification), then withdrawn: nothing more
    expect((await act(manager, [sent.body.submissionId], 'reopen')).status).toBe(200);
    expect((await notes(r.id)).at(-1)!.kind).toBe('submission.reopen');
    expect((await r.c.del(`/api/v1/submissions/${sent.body.submissionId}`)).status).toBe(200);
    const late = await act(manager, [sent.body.submissionId], 'approve');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('该项已撤回，不能通过');
    expect((await verification(anonymous, sid)).body.verified).toBe(false);
  });

  it('taking back an approved claim removes the verification', async () => {
    const r = await reader();
    const sent = await claimByMail(r.c, scholarIds[2], 'wf@north.edu.cn');
    expect((await act(manager, [sent.body.submissionId], 'approve')).status).toBe(200);
    expect((await verification(anonymous, scholarIds[2])).body.verified).toBe(true);
    expect((await act(manager, [sent.body.submissionId], 'reject', '身份有误')).status).toBe(200);
    expect((await verification(anonymous, scholarIds[2])).body.verified).toBe(false);
    expect(await ctx.db.selectFrom('scholar_claims').selectAll().where('user_id', '=', r.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('成果认领与申诉', () => {
  it('a verified scholar claims an output and disputes it; each approval changes the author link with a history row', async () => {
    const r = await reader();
    const sid = scholarIds[3];
    // not yet verified: refused
    const early = await r.c.post('/api/v1/fruit-appeals', { applicationId: appId, resourceId: outputId, mode: 'claim' });
    expect(early.status).toBe(403);
    expect(early.body.error.message).toBe('只有已认证的学者可以认领成果或申诉');
    const claim = await claimByMail(r.c, sid, 'zq@north.edu.cn');
    await act(manager, [claim.body.submissionId], 'approve');

    expect((await r.c.post('/api/v1/fruit-appeals', { applicationId: appId, resourceId: scholarIds[0], mode: 'claim' })).status).toBe(404);
    const sent = await r.c.post('/api/v1/fruit-appeals', { applicationId: appId, resourceId: outputId, mode: 'claim' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('认领申请已提交，审核通过后该成果将归入您的名下');
    expect((await r.c.post('/api/v1/fruit-appeals', { applicationId: appId, resourceId: outputId, mode: 'claim' })).status).toBe(409);
    expect((await anonymous.get(`/api/v1/outputs/${outputId}/authors?applicationId=${appId}`)).body.authors).toEqual([]);
    expect((await act(noRight, [sent.body.submissionId], 'approve')).status).toBe(403);
    expect((await act(otherManager, [sent.body.submissionId], 'approve', undefined, otherAppId)).status).toBe(404);
    expect((await act(manager, [sent.body.submissionId], 'approve')).status).toBe(200);
    expect((await act(manager, [sent.body.submissionId], 'approve')).status).toBe(409);
    const authors = await anonymous.get(`/api/v1/outputs/${outputId}/authors?applicationId=${appId}`);
    expect(authors.body).toEqual({ title: '稀土催化研究', authors: [{ scholarId: sid, name: '赵强', href: `/microapp/profile/${sid}` }] });
    // the profile lists the claimed output (decision 657)
    const claimedOnProfile = (await anonymous.get(`/api/v1/scholars/${sid}/verification?applicationId=${appId}`)).body;
    expect([claimedOnProfile.outputs.map((o: { id: number; title: string }) => [o.id, o.title]), claimedOnProfile.disputed]).toEqual([
      [[outputId, '稀土催化研究']],
      [],
    ]);
    let history = await ctx.db.selectFrom('attribution_history').selectAll().where('resource_id', '=', outputId).orderBy('id').execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ scholar_id: sid, from_state: '', to_state: 'author', submission_id: sent.body.submissionId });
    expect(history[0].user_id).not.toBeNull();
    expect((await notes(r.id)).at(-1)).toMatchObject({ kind: 'submission.approve', title: '您的成果认领已通过审核' });

    // an appeal needs a reason; approved, the link becomes 'disputed' and the history grows
    const noReason = await r.c.post('/api/v1/fruit-appeals', { applicationId: appId, resourceId: outputId, mode: 'appeal' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toBe('请填写申诉理由');
    const appeal = await r.c.post('/api/v1/fruit-appeals', { applicationId: appId, resourceId: outputId, mode: 'appeal', reason: '同名作者，非本人' });
    expect(appeal.status).toBe(201);
    const queue = await manager.get(`/api/v1/moderation/submissions?applicationId=${appId}&kind=fruit_appeal&status=pending`);
    const item = queue.body.content.find((s: { id: number }) => s.id === appeal.body.submissionId);
    expect(item.fields).toMatchObject({ mode: '申诉', scholar: '赵强', output: '稀土催化研究', reason: '同名作者，非本人' });
    expect(item.fields.history).toContain('赵强 无 → 作者');
    expect((await act(manager, [appeal.body.submissionId], 'approve')).status).toBe(200);
    expect((await anonymous.get(`/api/v1/outputs/${outputId}/authors?applicationId=${appId}`)).body.authors).toEqual([]);
    const disputedOnProfile = (await anonymous.get(`/api/v1/scholars/${sid}/verification?applicationId=${appId}`)).body;
    expect([disputedOnProfile.outputs, disputedOnProfile.disputed]).toEqual([[], [outputId]]);
    // taken back: the link returns to what it was
    expect((await act(manager, [appeal.body.submissionId], 'reject', '证据不足')).status).toBe(200);
    expect((await anonymous.get(`/api/v1/outputs/${outputId}/authors?applicationId=${appId}`)).body.authors).toHaveLength(1);
    history = await ctx.db.selectFrom('attribution_history').selectAll().where('resource_id', '=', outputId).orderBy('id').execute();
    expect(history.map((h) => [h.from_state, h.to_state])).toEqual([
      ['', 'author'],
      ['author', 'disputed'],
      ['disputed', 'author'],
    ]);
    // withdrawn: no action
    const again = await r.c.post('/api/v1/fruit-appeals', { applicationId: appId, resourceId: outputId, mode: 'appeal', reason: '再次申诉' });
    expect((await r.c.del(`/api/v1/submissions/${again.body.submissionId}`)).status).toBe(200);
    expect((await act(manager, [again.body.submissionId], 'reject', 'x')).status).toBe(409);
  });
});
