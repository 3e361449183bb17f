/**
 * 站内信 and its e-mail (issue 29 §8; docs/decisions.md 580-582): a feedback reply reaches the reader as
 * a notification, listed newest first with the unread count, marked read one by one or all at once;
 * another reader's notification answers 404; the e-mail goes to the test outbox after the change
 * committed, only to a reader with an address whose group is on; a failing mail server leaves the change
 * and the notification in place and records the failure on the notification.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { grantRights, releasedSite, signInCast, userIdOf } from '../../test/staffFixture.js';
import { MSG } from '../../../common/messages.js';
import { deliverNotificationMail } from '../../notifications/mail.js';
import { MAIL_ATTEMPTS } from '../../../common/helix.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let reader: Client;
let otherReader: Client;
let appId: number;

const mails = (): Array<{ to: string; subject: string; text: string }> =>
  fs.existsSync(ctx.config.mailOutbox)
    ? fs
        .readFileSync(ctx.config.mailOutbox, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
/** Waits (up to 8 s) until `check` holds. */
async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 80; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}
/** A feedback of `c` to the site, replied by the manager with `reply`: resolves with the feedback id. */
async function repliedFeedback(c: Client, reply: string): Promise<number> {
  const sent = await c.post('/api/v1/feedback', { applicationId: appId, category: 'other', content: '检索页打不开' });
  expect(sent.status).toBe(201);
  const r = await manager.post(`/api/v1/feedback/${sent.body.id}/reply`, { reply });
  expect(r.status).toBe(200);
  return sent.body.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const cast = await signInCast(ctx, '1380000', ['admin', 'manager', 'reader', 'otherReader']);
  ({ admin, manager, reader, otherReader } = cast.clients);
  appId = await releasedSite(admin, '通知站点', 'notify.example.cn');
  await grantRights(ctx, [[appId, cast.ids.manager, ['content']]]);
  await ctx.db.updateTable('users').set({ email: 'reader@example.cn' }).where('phone', '=', '13800000003').execute();
});
afterAll(async () => {
  await ctx.close();
});

describe('站内信', () => {
  it('a reply reaches the reader: listed, counted unread, marked read; another reader gets 404', async () => {
    await repliedFeedback(reader, '已修复，<b>请再试</b>');
    const list = await reader.get('/api/v1/notifications');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.body.totalElements).toBe(1);
    const n = list.body.content[0];
    // the reply is kept as text: the tags are characters, never markup
    expect(n).toMatchObject({ title: MSG.notifyFeedbackReplied, body: '已修复，<b>请再试</b>', kind: 'feedback.reply', readAt: null, applicationId: appId });
    expect((await reader.get('/api/v1/notifications/unread-count')).body).toEqual({ count: 1 });

    // another reader sees none of it and cannot mark it
    expect((await otherReader.get('/api/v1/notifications')).body.totalElements).toBe(0);
    const refused = await otherReader.post(`/api/v1/notifications/${n.id}/read`);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe(MSG.notificationNotFound);
    expect((await reader.get('/api/v1/notifications/unread-count')).body.count).toBe(1);
    // nobody signed in: 401
    expect((await ctx.client().get('/api/v1/notifications/unread-count')).status).toBe(401);

    const marked = await reader.post(`/api/v1/notifications/${n.id}/read`);
    expect(marked.status).toBe(200);
    expect(marked.body.message).toBe(MSG.notificationRead);
    expect((await reader.get('/api/v1/notifications/unread-count')).body.count).toBe(0);
    const stored = await ctx.db.selectFrom('notifications').select('read_at').where('id', '=', n.id).executeTakeFirstOrThrow();
    expect(stored.read_at).not.toBeNull();

    // two more, then all read at once; the unread filter
    await repliedFeedback(reader, '第二条回复');
    await repliedFeedback(reader, '第三条回复');
    expect((await reader.get('/api/v1/notifications?unread=1')).body.totalElements).toBe(2);
    const all = await reader.post('/api/v1/notifications/read-all');
    expect(all.body).toMatchObject({ count: 2, message: MSG.notificationsAllRead });
    expect((await reader.get('/api/v1/notifications/unread-count')).body.count).toBe(0);
    // a malformed id: 400 naming it, never 500
    const malformed = await reader.post('/api/v1/notifications/abc/read');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toContain(MSG.notificationNotFound);
  });

  it('e-mail goes to the outbox after the change, per the reader preference, and only to readers with an address', async () => {
    await until(async () => (await ctx.db.selectFrom('notification_mails').select('id').where('status', '=', 'pending').execute()).length === 0);
    const before = mails().length;
    await repliedFeedback(reader, '邮件测试回复');
    await until(() => mails().length > before);
    const mail = mails().at(-1)!;
    expect(mail.to).toBe('reader@example.cn');
    expect(mail.subject).toBe(`[通知站点] ${MSG.notifyFeedbackReplied}`);
    expect(mail.text).toContain('邮件测试回复');
    expect(mail.text).toContain('https://notify.example.cn/temp/contact');
    const latest = (await reader.get('/api/v1/notifications')).body.content[0];
    await until(async () => (await reader.get('/api/v1/notifications')).body.content[0].mail === 'sent');
    expect(latest.body).toBe('邮件测试回复');

    // the reader turns the feedback group off: the notification comes, no mail is queued
    const saved = await reader.put('/api/v1/helix/settings', { mailOff: ['feedback'], historyOff: false });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ email: 'reader@example.cn', mailOff: ['feedback'], message: MSG.readerSettingsSaved });
    const id = await repliedFeedback(reader, '不发邮件的回复');
    const n = (await reader.get('/api/v1/notifications')).body.content[0];
    expect(n).toMatchObject({ body: '不发邮件的回复', mail: null });
    expect(await ctx.db.selectFrom('notification_mails').select('id').where('notification_id', '=', n.id).execute()).toEqual([]);
    expect(id).toBeGreaterThan(0);
    // a group name that does not exist: 400 naming the field
    const bad = await reader.put('/api/v1/helix/settings', { mailOff: ['spam'], historyOff: false });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain(MSG.readerSettingsMailGroupsInvalid);

    // a reader without an address: the notification only
    await repliedFeedback(otherReader, '没有邮箱');
    const other = (await otherReader.get('/api/v1/notifications')).body.content[0];
    expect(other).toMatchObject({ body: '没有邮箱', mail: null });
  });
});

describe('a failing mail server', () => {
  it('never undoes the change; each attempt and the failure are recorded, shown beside the notification', async () => {
    // a second server whose SMTP relay refuses connections (nothing listens on port 1)
    const broken = await createTestContext({ mailProvider: 'smtp', smtpUrl: 'smtp://127.0.0.1:1/?ignoreTLS=1' });
    try {
      const su = await broken.signIn('13800000011', 'super');
      const staff = await broken.signIn('13800000012');
      const someone = await broken.signIn('13800000013');
      const site = await releasedSite(su, '坏邮件站点', 'badmail.example.cn');
      await grantRights(broken, [[site, await userIdOf(broken, '13800000012'), ['content']]]);
      await broken.db.updateTable('users').set({ email: 'someone@example.cn' }).where('phone', '=', '13800000013').execute();

      const sent = await someone.post('/api/v1/feedback', { applicationId: site, category: 'other', content: '请回复' });
      const replied = await staff.post(`/api/v1/feedback/${sent.body.id}/reply`, { reply: '邮件服务器坏了' });
      expect(replied.status).toBe(200);
      expect(replied.body.state).toBe('replied');
      const mailRow = () => broken.db.selectFrom('notification_mails').selectAll().where('address', '=', 'someone@example.cn').executeTakeFirstOrThrow();
      await until(async () => (await mailRow()).status === 'failed');
      const row = await mailRow();
      expect(row.attempts).toBe(MAIL_ATTEMPTS);
      expect(row.error).toMatch(/ECONNREFUSED/);
      // the change and the message stay; the reader sees that the mail failed
      expect((await broken.db.selectFrom('feedback').select('state').where('id', '=', sent.body.id).executeTakeFirstOrThrow()).state).toBe('replied');
      const shown = (await someone.get('/api/v1/notifications')).body.content[0];
      expect(shown).toMatchObject({ body: '邮件服务器坏了', mail: 'failed', mailError: expect.stringMatching(/ECONNREFUSED/) });
      // a later round does not try it again
      expect(await deliverNotificationMail(broken.db, { send: async () => {} })).toEqual({ sent: 0, failed: 0 });
    } finally {
      await broken.close();
    }
  });
});
