/**
 * User rights end to end in Chromium (docs/decisions.md 136, 210-219): a super manager marks a notice
 * panel 仅登录可见 in the editor (the panel shows the mark there); a signed-out visitor gets neither the
 * panel nor its notices (its read answers 403 该栏目仅登录用户可见，请先登录); a user whose role has
 * 查看仅登录可见的栏目 sees it after signing in, a user of the default role does not. A notice keeping its
 * attachments for the right 下载附件 shows them as 登录后下载 to the visitor.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, createApplication, releaseAll, signInConsole, useE2e } from './support';

const SUPER = '13800138300';
const MEMBER = '13800138301';
const PLAIN = '13800138302';
const e2e = useE2e({ admins: [SUPER], page: { width: 1400, height: 900 } });
let appId: number;
let vipNoticeId: number;
let lockedNoticeId: number;
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, `e2e-user-rights-${name}.png`), fullPage: true });

const notice = (id: string, alias: string) => ({ id, type: 'notice', alias, span: 1, showPublishTime: true, oauthBeforeRedirect: false });

describe('user rights', () => {
  it('a manager marks a notice panel 仅登录可见 in the editor; the panel shows the mark', async () => {
    const { page: admin, server } = e2e;
    await signInConsole(admin, server, SUPER);
    appId = await createApplication(admin, server.url, { name: '会员门户', host: `127.0.0.1:${server.port}` });
    const home = await apiCall(admin, server.url, 'POST', `/api/v1/applications/${appId}/home-config`, {
      homeConfig: [{ page: 'home', style: 'card', groups: {}, template: [notice('pub', '公开通知'), notice('vip', '会员通知')] }],
    });
    expect(home.status, home.text).toBe(200);
    const t = new Date().toISOString();
    expect(
      (
        await apiCall(admin, server.url, 'POST', '/api/v1/notices', {
          applicationId: appId,
          moduleId: 'pub',
          title: '图书馆开放时间调整',
          content: '<p>周末开放。</p>',
          publishDateTime: t,
        })
      ).status,
    ).toBe(201);
    const vip = await apiCall(admin, server.url, 'POST', '/api/v1/notices', {
      applicationId: appId,
      moduleId: 'vip',
      title: '会员专享数据库试用',
      content: '<p>仅会员。</p>',
      publishDateTime: t,
    });
    expect(vip.status).toBe(201);
    vipNoticeId = vip.body.noticeId;
    const locked = await apiCall(admin, server.url, 'POST', '/api/v1/notices', {
      applicationId: appId,
      moduleId: 'pub',
      title: '年度报告发布',
      restrictDownload: 1,
      publishDateTime: t,
      content: '<p>全文见附件：<a class="atr-attachment" href="/files/annual-report.pdf" download>年度报告.pdf</a></p>',
    });
    expect(locked.status).toBe(201);
    lockedNoticeId = locked.body.noticeId;
    const roles = await apiCall(admin, server.url, 'POST', `/api/v1/applications/${appId}/role-config`, {
      roleConfig: [
        { id: 'user', name: '普通用户', rights: [] },
        { id: 'member', name: '会员', rights: ['panels'] },
      ],
      defaultUserRole: 'user',
    });
    expect(roles.status, roles.text).toBe(200);
    const added = await apiCall(admin, server.url, 'POST', '/api/v1/applications/users', {
      action: 'add',
      applicationId: appId,
      phone: MEMBER,
      roleId: 'member',
    });
    expect(added.status, added.text).toBe(201);
    await releaseAll(admin, server.url);

    await admin.goto(`${server.url}/console/application/${appId}/editor`);
    const panel = admin.locator('[data-module-id="vip"]');
    await panel.locator('.atr-slot__toolbar').getByRole('button', { name: '编辑' }).click();
    const drawer = admin.locator('.ant-drawer');
    const toggle = drawer.getByRole('switch', { name: '仅登录可见' });
    await toggle.waitFor();
    await drawer.getByText('未登录的访客和角色没有「查看仅登录可见的栏目」权限的用户看不到此栏目').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await shot(admin, 'editor-form');
    await drawer.getByRole('button', { name: '保存修改' }).click();
    await admin.getByText('首页配置保存成功').waitFor();
    await panel.locator('.atr-slot__toolbar').getByText('仅登录可见').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    expect(await admin.locator('[data-module-id="pub"] .atr-slot__toolbar').getByText('仅登录可见').count()).toBe(0);
    await shot(admin, 'editor-mark');
    const stored = await apiCall(admin, server.url, 'GET', `/api/v1/applications/${appId}/config`);
    expect(stored.body.homeConfig[0].template.map((m: { id: string; loginOnly?: boolean }) => [m.id, !!m.loginOnly])).toEqual([
      ['pub', false],
      ['vip', true],
    ]);

    // the notice keeping its attachments for 下载附件 is marked in the content list and its editor
    await admin.goto(`${server.url}/console/application/${appId}/content`);
    const row = admin.getByRole('row').filter({ hasText: '年度报告发布' });
    await row.getByText('附件限下载').waitFor();
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = admin.locator('.ant-modal').filter({ has: admin.locator('.ant-modal-title', { hasText: '编辑通知公告' }) });
    const restrict = edit.getByRole('switch', { name: '附件仅限有下载权限的用户下载' });
    await restrict.waitFor();
    expect(await restrict.getAttribute('aria-checked')).toBe('true');
    await edit.getByText('正文中的图片仍然可见').waitFor();
    await shot(admin, 'notice-editor');
    await edit.getByRole('button', { name: '取消' }).click();
  });

  it('a signed-out visitor sees neither the panel nor its notices; its read is refused in Chinese', async () => {
    const { server } = e2e;
    const ctx = await e2e.newContext({ width: 1300, height: 900 });
    const visitor = await ctx.newPage();
    await visitor.goto(`${server.url}/`);
    await visitor.getByText('图书馆开放时间调整').waitFor();
    expect(await visitor.getByText('会员通知').count()).toBe(0);
    expect(await visitor.getByText('会员专享数据库试用').count()).toBe(0);
    expect(await visitor.content()).not.toContain('会员通知');
    await shot(visitor, 'visitor-home');
    const read = await apiCall(visitor, server.url, 'GET', `/api/v1/modules/top-notice?applicationId=${appId}&moduleId=vip`);
    expect([read.status, read.body.error.message]).toEqual([403, '该栏目仅登录用户可见，请先登录']);
    await visitor.goto(`${server.url}/resources/notices/${vipNoticeId}`);
    await visitor.getByText('该栏目仅登录用户可见，请先登录').waitFor();
    expect(await visitor.getByText('仅会员。').count()).toBe(0);
    expect(await visitor.locator('.ant-result').getByRole('link', { name: '登录' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/resources/notices/${vipNoticeId}`)}`,
    );
    await shot(visitor, 'visitor-notice-refused');

    // attachments kept for 下载附件: the visitor is offered 登录后下载, a link to sign in that comes back
    await visitor.goto(`${server.url}/resources/notices/${lockedNoticeId}`);
    const attachment = visitor.locator('.atr-notice__content .atr-attachment');
    await attachment.getByText('登录后下载').waitFor();
    expect(await attachment.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(`/resources/notices/${lockedNoticeId}`)}`);
    expect(await attachment.getAttribute('download')).toBeNull();
    await shot(visitor, 'visitor-attachment-locked');
    await ctx.close();
  });

  it('a user whose role has 查看仅登录可见的栏目 sees the panel; a user of the default role does not', async () => {
    const { server } = e2e;
    const memberCtx = await e2e.newContext({ width: 1300, height: 900 });
    const member = await memberCtx.newPage();
    await signInConsole(member, server, MEMBER);
    await member.goto(`${server.url}/`);
    const panel = member.locator('[data-module-id="vip"]');
    await panel.getByText('会员通知').waitFor();
    await panel.getByText('会员专享数据库试用').waitFor();
    await shot(member, 'member-home');
    await panel.getByText('会员专享数据库试用').click();
    await member.waitForURL(new RegExp(`/resources/notices/${vipNoticeId}$`));
    await member.getByText('仅会员。').waitFor();
    await memberCtx.close();

    const plainCtx = await e2e.newContext({ width: 1300, height: 900 });
    const plain = await plainCtx.newPage();
    await signInConsole(plain, server, PLAIN);
    await plain.goto(`${server.url}/`);
    await plain.getByText('图书馆开放时间调整').waitFor();
    expect(await plain.locator('[data-module-id="vip"]').count()).toBe(0);
    const read = await apiCall(plain, server.url, 'GET', `/api/v1/notices/${vipNoticeId}`);
    expect([read.status, read.body.error.message]).toEqual([403, '您的角色没有「查看仅登录可见的栏目」权限，请联系站点管理员']);
    await plainCtx.close();
  });
});
