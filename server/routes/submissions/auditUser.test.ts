/**
 * New readers awaiting approval: the site setting 新用户需审核 and the `auditUser` kind of the
 * moderation engine (issue 29 §6 `/console/uc/auditUser`; docs/decisions.md 660-664), on both
 * databases: off by default (a reader joins with the default role and comments at once); turned on
 * (audited), a new reader who opens the site gets a pending submission and is treated there as a
 * visitor: 仅登录可见 detail reads answer as for a visitor, a comment is refused with the Chinese
 * message, the page carries the notice; a reader who joined before stays in; approval gives the
 * application's default role and writes the notification; a rejection's reason reaches the reader; no
 * approval twice; 404 for another application's item; bulk approval.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Client, clientAs, createTestContext, releaseApplication, testDialect, type TestContext } from '../../test/harness.js';
import { buildServer } from '../../app.js';
import { OutboxSmsProvider } from '../../notify/sms.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import { MANAGER_RIGHTS } from '../../../common/roles.js';

const HOST = 'approval.example.cn';
const OTHER_HOST = 'other-approval.example.cn';

let ctx: TestContext;
let web: FastifyInstance;
let webDir: string;
let admin: Client;
let manager: Client;
let otherManager: Client;
let otherManagerId: number;
let appId: number;
let otherAppId: number;
let scholarId: number;
let noticeId: number;
let seq = 0;

/** A client of the web server signed in as a new user. */
async function reader(): Promise<{ c: Client; id: number }> {
  const t = new Date().toISOString();
  const id = (
    await ctx.db
      .insertInto('users')
      .values({ phone: `1370000${String(1000 + seq++)}`, email: null, name: `新读者${seq}`, affiliation: '某大学', role: 'user', anonymous: 0, created_at: t })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  return { c: await onWeb(await clientAs(ctx, id)), id };
}
/** The same session as a browser of the web server. */
async function onWeb(c: Client): Promise<Client> {
  const w = new Client(web);
  w.cookies = new Map(c.cookies);
  return w;
}
/** A page of the site for the client (its HTML carries the boot data). */
const page = (c: Client, url = '/', host = HOST) => c.get(url, { host });
const comment = (c: Client, body = '这条评论来自新读者') =>
  c.post('/api/v1/comments', { applicationId: appId, targetType: 'notice', targetId: String(noticeId), body });
const setting = (on: 0 | 1) => admin.put(`/api/v1/applications/${appId}`, { auditNewUsers: on });
const act = (c: Client, ids: number[], action: string, reason?: string, app = appId) =>
  c.post('/api/v1/moderation/review', { applicationId: app, ids, action, ...(reason ? { reason } : {}) });
const submissionOf = (userId: number) =>
  ctx.db.selectFrom('submissions').selectAll().where('kind', '=', 'auditUser').where('author_id', '=', userId).executeTakeFirst();
const memberRole = async (userId: number, app = appId) =>
  (await ctx.db.selectFrom('application_users').select('role_id').where('application_id', '=', app).where('user_id', '=', userId).executeTakeFirst())
    ?.role_id ?? null;

beforeAll(async () => {
  ctx = await createTestContext();
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-approval-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><!--atrium-head--></head><body><div id="root"><!--atrium-app--></div><!--atrium-boot--></body></html>',
  );
  web = await buildServer({ db: ctx.db, dialect: testDialect, config: { ...ctx.config, webDir }, sms: new OutboxSmsProvider(ctx.outbox) }, { logger: false });
  const topicId = await ensureTopic(ctx.db, '审核专题');
  await upsertResources(ctx.db, [{ type: 'scholar', sourceKey: 'approval-1', title: '李审核', fields: { institution: '某大学' }, topicId }]);
  scholarId = (await ctx.db.selectFrom('resources').select('id').where('source_key', '=', 'approval-1').executeTakeFirstOrThrow()).id;
  const signedIn = await ctx.signIn('13600000201', 'super');
  appId = (await signedIn.post('/api/v1/applications', { name: '审核站', host: HOST, topicId })).body.applicationId;
  await releaseApplication(signedIn, appId);
  otherAppId = (await signedIn.post('/api/v1/applications', { name: '他站', host: OTHER_HOST, topicId })).body.applicationId;
  await releaseApplication(signedIn, otherAppId);
  admin = await onWeb(signedIn);
  // the application's default role is 读者 (with 查看仅登录可见的栏目)
  await ctx.db
    .updateTable('applications')
    .set({
      role_config: JSON.stringify([
        { id: 'user', name: '普通用户', rights: [] },
        { id: 'reader', name: '读者', rights: ['panels'] },
      ]),
      default_user_role: 'reader',
    })
    .where('id', '=', appId)
    .execute();
  const t = new Date().toISOString();
  noticeId = (
    await ctx.db
      .insertInto('notices')
      .values({
        application_id: appId,
        module_id: null,
        user_id: null,
        title: '开馆通知',
        type: '消息公告',
        content: '<p>x</p>',
        top: 0,
        active: 1,
        publish_date_time: t,
        create_date_time: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const m = await reader();
  const om = await reader();
  await ctx.db
    .insertInto('application_managers')
    .values([
      { application_id: appId, user_id: m.id, rights: JSON.stringify(MANAGER_RIGHTS) },
      { application_id: otherAppId, user_id: om.id, rights: JSON.stringify(MANAGER_RIGHTS) },
    ])
    .execute();
  manager = m.c;
  otherManager = om.c;
  otherManagerId = om.id;
}, 60_000);
afterAll(async () => {
  await web?.close();
  await ctx?.close();
  if (webDir) fs.rmSync(webDir, { recursive: true, force: true });
});

let earlyReader: { c: Client; id: number };

describe('新用户需审核', () => {
  it('is off by default: a reader joins with the default role and comments at once; nothing is queued', async () => {
    expect((await ctx.db.selectFrom('applications').select('audit_new_users').where('id', '=', appId).executeTakeFirstOrThrow()).audit_new_users).toBe(0);
    expect((await admin.get(`/api/v1/applications/${appId}/config`)).body.auditNewUsers).toBe(0);
    earlyReader = await reader();
    const res = await page(earlyReader.c);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('readerApproval');
    expect(await memberRole(earlyReader.id)).toBe('reader');
    expect(await submissionOf(earlyReader.id)).toBeUndefined();
    expect((await comment(earlyReader.c)).status).toBe(201);
  });

  it('turned on by a manager with 站点设置, audited; a new reader gets a pending submission and sees the site as a visitor', async () => {
    const on = await setting(1);
    expect([on.status, on.body.auditNewUsers, on.body.message]).toEqual([200, 1, MSG.applicationSaved]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['resource', 'changes'])
      .where('application_id', '=', appId)
      .where('route', '=', '/api/v1/applications/:id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.changes).toContain('audit_new_users');

    const r = await reader();
    // before the first page: held (no row), refused with the Chinese message
    const early = await comment(r.c);
    expect([early.status, early.body.error.message]).toEqual([403, MSG.readerApprovalPending]);
    const res = await page(r.c);
    expect(res.status).toBe(200);
    expect(res.text).toContain('"readerApproval":{"status":"pending"');
    const s = await submissionOf(r.id);
    expect(s?.status).toBe('pending');
    expect(s?.application_id).toBe(appId);
    expect(await memberRole(r.id)).toBeNull();
    // a second page makes no second submission
    await page(r.c);
    expect((await ctx.db.selectFrom('submissions').select('id').where('kind', '=', 'auditUser').where('author_id', '=', r.id).execute()).length).toBe(1);
    // the queue shows the account
    const queue = await manager.get(`/api/v1/moderation/submissions?applicationId=${appId}&kind=auditUser&status=pending`);
    expect(queue.status).toBe(200);
    const row = queue.body.content.find((x: { id: number }) => x.id === s!.id);
    expect(row.fields.account).toBe(`新读者${seq}`);
    expect(row.fields.contact).toMatch(/^137\*\*\*\*/);
    // the badge counts it
    expect((await manager.get('/api/v1/moderation/pending')).body.byKind.auditUser).toBeGreaterThanOrEqual(1);

    // refused what needs sign-in, with the Chinese message
    const refused = await comment(r.c);
    expect([refused.status, refused.body.error.message]).toEqual([403, MSG.readerApprovalPending]);
    // a detail read of a site with 详情页需登录 answers as for a visitor (refused), and reads once approved
    await admin.put(`/api/v1/applications/${appId}`, { detailSignin: 1 });
    const visitor = await web.inject({ method: 'GET', url: `/api/v1/resources/scholar/${scholarId}`, headers: { host: HOST } });
    expect(visitor.statusCode).toBe(401);
    const detail = await r.c.get(`/api/v1/resources/scholar/${scholarId}`, { host: HOST });
    expect([detail.status, detail.body.error?.message]).toEqual([403, MSG.readerApprovalPending]);
    // a reader who joined before the setting was turned on stays in
    expect((await earlyReader.c.get(`/api/v1/resources/scholar/${scholarId}`, { host: HOST })).status).toBe(200);
    expect((await comment(earlyReader.c, '老读者的评论')).status).toBe(201);
    // staff (here a manager of another application) is never held: no submission, comments at once
    expect((await page(otherManager)).text).not.toContain('readerApproval');
    expect(await submissionOf(otherManagerId)).toBeUndefined();
    expect((await comment(otherManager, '他站管理员的评论')).status).toBe(201);
    // on another site the reader is not held
    expect((await r.c.get(`/api/v1/resources/scholar/${scholarId}`, { host: OTHER_HOST })).status).toBe(200);

    // approved: the default role, a notification, the notice gone, the comment accepted, the detail readable
    const ok = await act(manager, [s!.id], 'approve');
    expect([ok.status, ok.body.count]).toEqual([200, 1]);
    expect(await memberRole(r.id)).toBe('reader');
    const note = await ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', r.id)
      .where('kind', '=', 'submission.approve')
      .executeTakeFirstOrThrow();
    expect(note.title).toBe(fillMsg(MSG.notifyApproved, { kind: '本站账号申请' }));
    expect(note.application_id).toBe(appId);
    expect((await page(r.c)).text).not.toContain('readerApproval');
    expect((await comment(r.c)).status).toBe(201);
    expect((await r.c.get(`/api/v1/resources/scholar/${scholarId}`, { host: HOST })).status).toBe(200);
    await admin.put(`/api/v1/applications/${appId}`, { detailSignin: 0 });

    // no approval twice
    const twice = await act(manager, [s!.id], 'approve');
    expect([twice.status, twice.body.error.message]).toEqual([409, fillMsg(MSG.moderationRefused, { state: '已通过', action: '通过' })]);
    // an audit row per transition
    const rows = await ctx.db.selectFrom('audit_log').select('action').where('resource', '=', 'submission').where('resource_id', '=', String(s!.id)).execute();
    expect(rows.map((x) => x.action).sort()).toEqual(['approve', 'submit']);
  });

  it('rejected with a reason: the reader sees the reason and stays a visitor; 404 for another application', async () => {
    const r = await reader();
    await page(r.c);
    const s = (await submissionOf(r.id))!;
    // another application's reviewer cannot act on it
    const foreign = await act(otherManager, [s.id], 'approve', undefined, otherAppId);
    expect([foreign.status, foreign.body.error.message]).toEqual([404, MSG.submissionNotFound]);
    expect((await act(otherManager, [s.id], 'approve')).status).toBe(403);
    const no = await act(manager, [s.id], 'reject', '请使用本校邮箱注册');
    expect(no.status).toBe(200);
    const res = await page(r.c);
    expect(res.text).toContain('"readerApproval":{"status":"rejected","reason":"请使用本校邮箱注册"}');
    const refused = await comment(r.c);
    expect([refused.status, refused.body.error.message]).toEqual([403, fillMsg(MSG.readerApprovalRejected, { reason: '请使用本校邮箱注册' })]);
    expect(await memberRole(r.id)).toBeNull();
    const note = await ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', r.id)
      .where('kind', '=', 'submission.reject')
      .executeTakeFirstOrThrow();
    expect(note.body).toContain('请使用本校邮箱注册');
    // reopened and approved later: in
    expect((await act(manager, [s.id], 'reopen')).status).toBe(200);
    expect((await act(manager, [s.id], 'approve')).status).toBe(200);
    expect((await comment(r.c)).status).toBe(201);
  });

  it('bulk: two readers approved at once, each with the default role and a notification', async () => {
    const a = await reader();
    const b = await reader();
    await page(a.c);
    await page(b.c);
    const ids = [(await submissionOf(a.id))!.id, (await submissionOf(b.id))!.id];
    const done = await act(manager, ids, 'approve');
    expect([done.status, done.body.count]).toEqual([200, 2]);
    for (const r of [a, b]) {
      expect(await memberRole(r.id)).toBe('reader');
      expect((await comment(r.c)).status).toBe(201);
    }
    expect(
      (await ctx.db.selectFrom('notifications').select('id').where('user_id', 'in', [a.id, b.id]).where('kind', '=', 'submission.approve').execute()).length,
    ).toBe(2);
  });

  it('a held reader still manages their own account on the site: info, profile, sessions; not a scholar page (decision 658)', async () => {
    const r = await reader();
    await page(r.c);
    const on = (method: string, url: string, body?: unknown) => r.c.request(method, url, body, { host: HOST });
    expect((await comment(r.c)).status).toBe(403);
    const info = await on('GET', `/api/v1/users/${r.id}/info`);
    expect([info.status, info.body.name]).toEqual([200, `新读者${seq}`]);
    const renamed = await on('PUT', '/api/v1/account/profile', { name: '待审读者', affiliation: '某大学图书馆' });
    expect(renamed.status).toBe(200);
    expect((await ctx.db.selectFrom('users').select(['name', 'affiliation']).where('id', '=', r.id).executeTakeFirstOrThrow()).name).toBe('待审读者');
    const sessions = await on('GET', '/api/v1/sessions');
    expect([sessions.status, sessions.body.content.length]).toEqual([200, 1]);
    // another user's account stays refused, held or not
    expect((await on('GET', `/api/v1/users/${earlyReader.id}/info`)).status).toBe(403);
    // a scholar page is the site's content: it waits for the approval like a comment
    const scholar = await on('PUT', '/api/v2/scholars', { name: '待审学者', institution: '某大学' });
    expect([scholar.status, scholar.body.error.message]).toEqual([403, MSG.readerApprovalPending]);
  });

  it('turned off again: a held reader is let in (nothing is held while it is off)', async () => {
    const r = await reader();
    await page(r.c);
    expect((await comment(r.c)).status).toBe(403);
    expect((await setting(0)).body.auditNewUsers).toBe(0);
    expect((await comment(r.c)).status).toBe(201);
  });
});
