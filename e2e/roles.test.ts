/**
 * Roles end to end (docs/decisions.md #135-#139): a super manager creates a site and adds a
 * manager with the right 首页编辑 only; that manager signs in (SMS code from the outbox), edits the home
 * page, and is clearly refused the settings; a visitor of the draft site is sent to /unrelease while the
 * manager sees it with the banner; 申请发布 → 审核通过 makes it visible to the visitor.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { answerConfirm, apiCall, artifacts, createApplicationByDialog, signInConsole, useE2e } from './support';
import { MSG } from '../common/messages';

/** Opens a page of the console menu's 权限与登录 submenu (管理员, 用户, 客户端登录; decision 292). */
async function openAccessMenu(page: Page, label: string): Promise<void> {
  await page.getByRole('menuitem', { name: '权限与登录' }).hover();
  // the item's name starts with its icon's label ('team 管理员')
  await page.getByRole('menuitem', { name: new RegExp(`(^|\\s)${label}$`) }).click();
}

const SUPER = '13800138100';
const MANAGER = '13800138101';
// the super manager's page is e2e.page; the manager signs in in a context of their own
const e2e = useE2e({ admins: [SUPER], page: { width: 1400, height: 900 } });
let managerCtx: BrowserContext;
let manager: Page;
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, `e2e-roles-${name}.png`), fullPage: true });

async function signIn(page: Page, phone: string) {
  const { server } = e2e;
  await signInConsole(page, server, phone, { url: `${server.url}/console/applications` });
}

beforeAll(async () => {
  managerCtx = await e2e.newContext({ width: 1400, height: 900 });
  manager = await managerCtx.newPage();
});

describe('roles and release', () => {
  it('a super manager creates a draft site; a visitor is sent to /unrelease', async () => {
    const { page: admin, server } = e2e;
    await signIn(admin, SUPER);
    await createApplicationByDialog(admin, { name: '角色测试门户', host: `127.0.0.1:${server.port}` });
    const row = admin.getByRole('row').filter({ hasText: '角色测试门户' });
    await row.getByText('未发布').waitFor();

    const visitor = await e2e.newPage({ width: 1200, height: 700 });
    await visitor.goto(`${server.url}/`);
    await visitor.waitForURL(/\/unrelease$/);
    await visitor.getByText('该站点尚未发布').waitFor();
    expect(await visitor.content()).not.toContain('角色测试门户');
    await shot(visitor, 'visitor-unreleased');
    await visitor.close();
  });

  it('adds a manager by phone with 首页编辑 only', async () => {
    const { page: admin } = e2e;
    await openAccessMenu(admin, '管理员');
    await admin.waitForURL(/\/console\/managers\?applicationId=\d+/);
    await admin.getByRole('button', { name: '添加管理员' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('请输入手机号或选择用户').waitFor();
    await dialog.getByLabel('手机号或姓名').fill(MANAGER);
    await dialog.getByText('请输入手机号或选择用户').waitFor({ state: 'hidden' });
    await expect(dialog.getByRole('checkbox', { name: /首页编辑/ }).isChecked()).resolves.toBe(true);
    await expect(dialog.getByRole('checkbox', { name: /站点设置/ }).isChecked()).resolves.toBe(false);
    await shot(admin, 'add-manager');
    await dialog.getByRole('button', { name: '确定' }).click();
    await admin.getByText('管理员添加成功').waitFor();
    const row = admin.getByRole('row').filter({ hasText: '138****8101' });
    await row.getByText('首页编辑').waitFor();
    expect(await row.getByText('站点设置').count()).toBe(0);
    await shot(admin, 'managers');
  });

  it('the manager edits the home page, sees the unreleased site with the banner, and is refused the settings', async () => {
    const { server } = e2e;
    await signIn(manager, MANAGER);
    const row = manager.getByRole('row').filter({ hasText: '角色测试门户' });
    await row.getByRole('button', { name: '编辑首页' }).click();
    await manager.waitForURL(/\/editor$/);
    await manager.getByRole('button', { name: '添加模块' }).click();
    await manager.getByRole('menuitem', { name: '学者' }).click();
    const drawer = manager.locator('.ant-drawer');
    await drawer.getByLabel('模块标题').fill('本站学者');
    await drawer.getByRole('button', { name: '添加模块' }).click();
    await manager.getByText('首页配置保存成功').waitFor();

    await manager.goto(`${server.url}/`);
    await manager.getByText('站点未发布，仅管理员可见').waitFor();
    await manager.getByText('本站学者').first().waitFor();
    await shot(manager, 'manager-preview');

    await manager.goto(`${server.url}/console/applications`);
    await manager.getByRole('row').filter({ hasText: '角色测试门户' }).getByRole('button', { name: '设置' }).click();
    await manager.waitForURL(/\/console\/application\/\d+$/);
    // told before trying, and refused when trying anyway
    await manager.getByRole('alert').filter({ hasText: '没有「站点设置」权限，请联系超级管理员' }).waitFor();
    await manager.getByLabel('应用名称').fill('改名的门户');
    // the application form's 保存 (the sign-in settings card below has its own)
    await manager.getByRole('button', { name: '保存' }).first().click();
    await manager.locator('.ant-message').getByText('没有「站点设置」权限，请联系超级管理员').waitFor();
    await shot(manager, 'settings-refused');
    expect((await managerCtx.request.get(`${server.url}/api/v1/applications`).then((r) => r.json())).content[0].name).toBe('角色测试门户');
  });

  it('申请发布 then 审核通过 makes the site visible to a visitor', async () => {
    const { page: admin, server } = e2e;
    await admin.getByRole('link', { name: '应用管理' }).first().click();
    const row = admin.getByRole('row').filter({ hasText: '角色测试门户' });
    await row.getByRole('button', { name: '申请发布' }).click();
    // the confirmation rendered in full before its button is pressed (a press during its opening was lost once in CI)
    await answerConfirm(admin, MSG.releaseConfirm);
    await admin.getByText('已提交发布申请，等待超级管理员审核').waitFor();
    await row.getByText('待审核').waitFor();
    await row.getByRole('button', { name: '审核通过' }).click();
    await answerConfirm(admin, MSG.passConfirm);
    await admin.getByText('审核通过，站点已发布').waitFor();
    await row.getByText('已发布').waitFor();
    await admin.getByRole('dialog').waitFor({ state: 'hidden' });
    await shot(admin, 'released');

    const visitor = await e2e.newPage({ width: 1200, height: 700 });
    await visitor.goto(`${server.url}/`);
    await visitor.getByText('本站学者').first().waitFor();
    expect(visitor.url()).toBe(`${server.url}/`);
    expect(await visitor.getByText('站点未发布，仅管理员可见').count()).toBe(0);
    await shot(visitor, 'visitor-released');
    await visitor.close();
  });

  it('role config: a new role, given to a user on /console/users, deleted again (its user falls back to the default role)', async () => {
    const { page: admin, server } = e2e;
    await admin.goto(`${server.url}/console/users/rights`);
    await admin.waitForURL(/applicationId=\d+/);
    const userRow = admin.getByRole('row').filter({ has: admin.locator('code', { hasText: /^user$/ }) });
    await userRow.getByText('默认').waitFor();
    await expect(userRow.getByLabel('角色名称').inputValue()).resolves.toBe('普通用户');
    await admin.getByRole('button', { name: '新增角色' }).click();
    const fresh = admin.getByRole('row').last();
    await fresh.getByLabel('角色标识').fill('vip');
    await fresh.getByLabel('角色名称').fill('高级会员');
    await fresh.getByRole('checkbox', { name: '下载附件' }).check();
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.getByText('角色配置已保存').waitFor();
    await shot(admin, 'role-config');

    await openAccessMenu(admin, '用户');
    await admin.waitForURL(/\/console\/users\?applicationId=\d+/);
    const row = admin.getByRole('row').filter({ hasText: '138****8101' });
    await row.getByTitle('普通用户').waitFor();
    await row.getByLabel('用户8101的角色').click();
    await admin.locator('.ant-select-item-option').filter({ hasText: '高级会员' }).click();
    await admin.getByText('用户角色已保存').waitFor();
    await row.getByTitle('高级会员').waitFor();
    await shot(admin, 'users');

    await admin.getByRole('button', { name: '角色权限' }).click();
    await admin.waitForURL(/\/console\/users\/rights/);
    const vipRow = admin.getByRole('row').filter({ has: admin.locator('code', { hasText: /^vip$/ }) });
    await expect(
      admin
        .getByRole('row')
        .filter({ has: admin.locator('code', { hasText: /^user$/ }) })
        .getByRole('button', { name: '删除' })
        .isDisabled(),
    ).resolves.toBe(true);
    await vipRow.getByRole('button', { name: '删除' }).click();
    await answerConfirm(admin, '持有该角色的用户将改为默认角色');
    await admin.getByText('角色已删除，持有该角色的用户已改为默认角色').waitFor();
    await admin.goto(`${server.url}/console/users`);
    await admin.getByRole('row').filter({ hasText: '138****8101' }).getByTitle('普通用户').waitFor();
  });

  it('添加用户 by phone with a role, 移出 it and 移除 the manager, each after a confirmation', async () => {
    const { page: admin, server } = e2e;
    await admin.goto(`${server.url}/console/users`);
    await admin.waitForURL(/applicationId=\d+/);
    await admin.getByRole('button', { name: '添加用户' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('请输入手机号').waitFor();
    await dialog.getByLabel('手机号').fill('13800138177');
    await dialog.getByRole('button', { name: '确定' }).click();
    await admin.getByText('用户添加成功').waitFor();
    const added = admin.getByRole('row').filter({ hasText: '138****8177' });
    await added.getByTitle('普通用户').waitFor();

    await added.getByRole('button', { name: '移出' }).click();
    await answerConfirm(admin, '你确认要把 用户8177 移出此应用吗？');
    await admin.getByText('用户已移出此应用').waitFor();
    await added.waitFor({ state: 'detached' });

    await openAccessMenu(admin, '管理员');
    const managerRow = admin.getByRole('row').filter({ hasText: '138****8101' });
    await managerRow.getByRole('button', { name: '移除' }).click();
    await answerConfirm(admin, '你确认要移除该管理员吗？');
    await admin.getByText('管理员已移除').waitFor();
    await managerRow.waitFor({ state: 'detached' });
    // the former manager is refused the console page of the site on the next request
    const res = await apiCall(
      manager,
      server.url,
      'GET',
      `/api/v1/applications/managers?applicationId=${new URL(admin.url()).searchParams.get('applicationId')}`,
    );
    expect(res.status).toBe(403);
  });

  it('角色权限 sets the site default for downloads; a new notice starts with its switch on', async () => {
    const { page: admin, server } = e2e;
    await admin.goto(`${server.url}/console/users/rights`);
    await admin.waitForURL(/applicationId=\d+/);
    const appId = new URL(admin.url()).searchParams.get('applicationId');
    const box = admin.getByRole('checkbox', { name: '新建通知时默认勾选「附件仅限有下载权限的用户下载」' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.getByText('角色配置已保存').waitFor();
    await shot(admin, 'download-default');
    expect((await apiCall(admin, server.url, 'GET', `/api/v1/applications/${appId}/config`)).body.restrictDownloadDefault).toBe(1);

    await admin.goto(`${server.url}/console/application/${appId}/content`);
    await admin.getByRole('button', { name: '发布通知' }).click();
    const dialog = admin.locator('.ant-modal').filter({ has: admin.locator('.ant-modal-title', { hasText: '新增通知公告' }) });
    const restrict = dialog.getByRole('switch', { name: '附件仅限有下载权限的用户下载' });
    await restrict.waitFor();
    await expect.poll(() => restrict.getAttribute('aria-checked')).toBe('true');
  });
});
