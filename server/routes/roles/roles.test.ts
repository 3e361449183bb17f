/**
 * Roles and rights calls (spec 2 §7 'Application and account'; docs/decisions.md #135-#139): stored
 * rows, statuses, Chinese messages and bad input, on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext, releaseApplication } from '../../test/harness.js';

let ctx: TestContext;
let admin: Client;
let appId: number;
let otherAppId: number;
const clients = new Map<string, Client>();
/** One signed-in client per phone (codes are sent once a minute per phone). */
const as = async (phone: string) => {
  if (!clients.has(phone)) clients.set(phone, await ctx.signIn(phone));
  return clients.get(phone)!;
};
const userId = async (phone: string) => (await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
const managerRow = (applicationId: number, uid: number) =>
  ctx.db.selectFrom('application_managers').selectAll().where('application_id', '=', applicationId).where('user_id', '=', uid).executeTakeFirst();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13900000001', 'super');
  appId = (await admin.post('/api/v1/applications', { name: '角色站点', host: 'roles.example.cn' })).body.applicationId;
  await releaseApplication(admin, appId); // visitors read its config by host (a draft's is its managers' only)
  otherAppId = (await admin.post('/api/v1/applications', { name: '另一站点', host: 'other.example.cn' })).body.applicationId;
});
afterAll(async () => {
  await ctx.close();
});

describe('managers', () => {
  it('a super manager adds a manager by phone with rights; the row is stored and the phone masked', async () => {
    const res = await admin.post('/api/v1/applications/managers', { applicationId: appId, phone: '13900000002', rights: ['home'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ applicationId: appId, applicationName: '角色站点', phone: '139****0002', rights: ['home'], message: '管理员添加成功' });
    const row = await managerRow(appId, await userId('13900000002'));
    expect(JSON.parse(row!.rights)).toEqual(['home']);
    expect(row!.id).toBe(res.body.id);
    const again = await admin.post('/api/v1/applications/managers', { applicationId: appId, phone: '13900000002', rights: [] });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('该用户已是此应用的管理员');
  });

  it('the manager with home only edits the home page and is refused the settings with the right named', async () => {
    const m = await as('13900000002');
    const home = await m.post(`/api/v1/applications/${appId}/home-config`, { homeConfig: [{ page: 'home', template: [], style: 'card', groups: {} }] });
    expect(home.status).toBe(200);
    const put = await m.put(`/api/v1/applications/${appId}`, { name: '改名' });
    expect(put.status).toBe(403);
    expect(put.body.error.message).toBe('没有「站点设置」权限，请联系超级管理员');
    const rel = await m.put(`/api/v1/applications/${appId}/release`);
    expect(rel.status).toBe(403);
    const other = await m.post(`/api/v1/applications/${otherAppId}/home-config`, { homeConfig: [{ page: 'home', template: [], style: 'card', groups: {} }] });
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe('没有权限执行此操作');
    const mine = await m.post('/api/v1/applications/manager_rights', {});
    expect(mine.body).toMatchObject({ superManager: false, applications: [{ applicationId: appId, name: '角色站点', rights: ['home'] }] });
  });

  it('changes rights (PUT), lists, and a users-right manager cannot grant rights they lack', async () => {
    const list = await admin.get(`/api/v1/applications/managers?applicationId=${appId}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ totalElements: 1, empty: false, page: 1, size: 20 });
    const id = list.body.content[0].id;
    const put = await admin.put('/api/v1/applications/managers', { id, rights: ['users', 'home', 'home'] });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ rights: ['home', 'users'], message: '管理员权限已保存' });
    const m = await as('13900000002');
    const grant = await m.post('/api/v1/applications/managers', { applicationId: appId, phone: '13900000003', rights: ['settings'] });
    expect(grant.status).toBe(403);
    expect(grant.body.error.message).toBe('不能授予自己没有的权限：站点设置');
    expect(await ctx.db.selectFrom('users').select('id').where('phone', '=', '13900000003').executeTakeFirst()).toBeUndefined();
    const ok = await m.post('/api/v1/applications/managers', { applicationId: appId, phone: '13900000003', rights: ['home'] });
    expect(ok.status).toBe(201);
    const seen = await m.get('/api/v1/applications/managers?query=0003');
    expect(seen.body.content.map((e: { phone: string }) => e.phone)).toEqual(['139****0003']);
    // the manager sees only applications where they hold 'users'
    const all = await m.get('/api/v1/applications/managers');
    expect(all.body.content.every((e: { applicationId: number }) => e.applicationId === appId)).toBe(true);
    const foreign = await m.get(`/api/v1/applications/managers?applicationId=${otherAppId}`);
    expect(foreign.status).toBe(403);
    // an application that does not exist: 404 before the right is asked for (declared access, decision 348)
    const missing = await m.get('/api/v1/applications/managers?applicationId=999999');
    expect([missing.status, missing.body.error.message]).toEqual([404, '应用不存在']);
  });

  it('removes a manager (DELETE), then 404 管理员不存在', async () => {
    const list = await admin.get(`/api/v1/applications/managers?applicationId=${appId}&query=0003`);
    const id = list.body.content[0].id;
    const del = await admin.del(`/api/v1/applications/managers/${id}`);
    expect(del.body).toMatchObject({ ok: true, message: '管理员已移除' });
    expect(await managerRow(appId, await userId('13900000003'))).toBeUndefined();
    const again = await admin.del(`/api/v1/applications/managers/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('管理员不存在');
  });

  it('refuses bad input with 400 and Chinese messages', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api/v1/applications/managers', { applicationId: appId, rights: ['home'] }, '请输入手机号或选择用户'],
      ['POST', '/api/v1/applications/managers', { applicationId: appId, phone: '12345', rights: [] }, '请输入正确的手机号'],
      ['POST', '/api/v1/applications/managers', { applicationId: appId, phone: '13900000009', rights: ['root'] }, '未知的管理员权限'],
      ['POST', '/api/v1/applications/managers', { phone: '13900000009', rights: [] }, '请指定应用'],
      ['PUT', '/api/v1/applications/managers', { id: 'x', rights: [] }, '管理员不存在'],
      ['POST', '/api/v1/applications/users', { action: 'drop', applicationId: appId }, '请指定操作：list、add、role 或 remove'],
      ['POST', '/api/v1/applications/super_managers', { phone: '13900000009' }, '请指定授予（true）或取消（false）'],
      ['POST', `/api/v1/applications/${appId}/role-config`, { roleConfig: [] }, '至少需要一个角色'],
      [
        'POST',
        `/api/v1/applications/${appId}/role-config`,
        {
          roleConfig: [
            { id: 'a', name: 'A' },
            { id: 'a', name: 'B' },
          ],
        },
        '角色标识不能重复',
      ],
      ['POST', `/api/v1/applications/${appId}/role-config`, { roleConfig: [{ id: 'a b', name: 'A' }] }, '角色标识只能包含字母、数字、_ 和 -，最多 32 个字符'],
      ['POST', `/api/v1/applications/${appId}/role-config`, { roleConfig: [{ id: 'a', name: '<b>x</b>' }] }, '不能包含 HTML 标签'],
    ];
    for (const [method, url, body, message] of cases) {
      const res = await admin.request(method, url, body);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const sugg = await admin.get('/api/v1/applications/managers/suggestions');
    expect(sugg.status).toBe(400);
    expect(sugg.body.error.message).toBe('请输入姓名或手机号');
  });
});

describe('suggestions, super managers, manager rights', () => {
  it('suggests users by name or phone to managers only, phones masked, anonymous users left out', async () => {
    await ctx.db
      .insertInto('users')
      .values({ phone: null, email: null, name: '匿名用户0003', affiliation: '', role: 'user', anonymous: 1, created_at: new Date().toISOString() })
      .execute();
    const res = await admin.get('/api/v1/applications/managers/suggestions?query=0003');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ name: '用户0003', phone: '139****0003', superManager: false })]);
    const byName = await admin.get(`/api/v1/applications/managers/suggestions?query=${encodeURIComponent('用户0002')}`);
    expect(byName.body.map((u: { phone: string }) => u.phone)).toEqual(['139****0002']);
    const plain = await as('13900000004');
    const refused = await plain.get('/api/v1/applications/managers/suggestions?query=139');
    expect(refused.status).toBe(403);
  });

  it('grants and revokes the super manager role; nobody revokes their own', async () => {
    const plain = await as('13900000004');
    const refused = await plain.post('/api/v1/applications/super_managers', { phone: '13900000004', super: true });
    expect(refused.status).toBe(403);
    const grant = await admin.post('/api/v1/applications/super_managers', { phone: '13900000004', super: true });
    expect(grant.body).toMatchObject({ superManager: true, message: '已设为超级管理员' });
    expect((await ctx.db.selectFrom('users').select('role').where('phone', '=', '13900000004').executeTakeFirstOrThrow()).role).toBe('super');
    expect((await plain.get('/api/v1/applications')).body.totalElements).toBe(2);
    const revoke = await admin.post('/api/v1/applications/super_managers', { userId: await userId('13900000004'), super: false });
    expect(revoke.body).toMatchObject({ superManager: false, message: '已取消超级管理员' });
    const self = await admin.post('/api/v1/applications/super_managers', { phone: '13900000001', super: false });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('不能取消自己的超级管理员身份');
    const unknown = await admin.post('/api/v1/applications/super_managers', { userId: 999999, super: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('用户不存在');
  });

  it("reads anyone's manager rights as a super manager and clears them (DELETE manager_rights)", async () => {
    const uid = await userId('13900000002');
    await admin.post('/api/v1/applications/managers', { applicationId: otherAppId, userId: uid, rights: ['content'] });
    const read = await admin.post('/api/v1/applications/manager_rights', { userId: uid });
    expect(read.body.applications.map((a: { applicationId: number; rights: string[] }) => [a.applicationId, a.rights])).toEqual([
      [appId, ['home', 'users']],
      [otherAppId, ['content']],
    ]);
    const m = await as('13900000002');
    expect((await m.post('/api/v1/applications/manager_rights', { userId: await userId('13900000001') })).status).toBe(403);
    expect((await m.request('DELETE', `/api/v1/applications/manager_rights?userId=${uid}`)).status).toBe(403);
    const cleared = await admin.request('DELETE', '/api/v1/applications/manager_rights', { userId: uid });
    expect(cleared.body).toMatchObject({ removed: 2, message: '已清除该用户的全部管理员权限' });
    expect(await ctx.db.selectFrom('application_managers').select('id').where('user_id', '=', uid).execute()).toEqual([]);
    const bad = await admin.request('DELETE', '/api/v1/applications/manager_rights', {});
    expect(bad.status).toBe(400);
  });
});

describe('users of an application and the role config', () => {
  it('saves a role config with a default role, served with the application config', async () => {
    const res = await admin.post(`/api/v1/applications/${appId}/role-config`, {
      roleConfig: [
        { id: 'member', name: '会员', rights: ['panels'] },
        { id: 'vip', name: '高级会员', rights: ['panels', 'download'] },
      ],
      defaultUserRole: 'member',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('角色配置已保存');
    const cfg = await ctx.client().get('/api/v1/applications/config?host=roles.example.cn');
    expect(cfg.body).toMatchObject({ defaultUserRole: 'member', roleConfig: [{ id: 'member', name: '会员', rights: ['panels'] }, { id: 'vip' }] });
    const missing = await admin.post(`/api/v1/applications/${appId}/role-config`, { roleConfig: [{ id: 'a', name: 'A' }], defaultUserRole: 'b' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('默认角色必须是角色列表中的一个');
  });

  it('adds users (default role), changes a role, lists with role names, removes', async () => {
    const add = await admin.post('/api/v1/applications/users', { action: 'add', applicationId: appId, phone: '13900000005' });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ roleId: 'member', roleName: '会员', rights: ['panels'], message: '用户添加成功' });
    const uid = await userId('13900000005');
    const role = await admin.post('/api/v1/applications/users', { action: 'role', applicationId: appId, userId: uid, roleId: 'vip' });
    expect(role.body).toMatchObject({ roleId: 'vip', rights: ['panels', 'download'], message: '用户角色已保存' });
    expect((await ctx.db.selectFrom('application_users').select('role_id').where('user_id', '=', uid).executeTakeFirstOrThrow()).role_id).toBe('vip');
    const unknownRole = await admin.post('/api/v1/applications/users', { action: 'role', applicationId: appId, userId: uid, roleId: 'nope' });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.error.message).toBe('角色不存在');
    await admin.post('/api/v1/applications/users', { action: 'add', applicationId: appId, phone: '13900000006', roleId: 'member' });
    const list = await admin.post('/api/v1/applications/users', { action: 'list', applicationId: appId });
    expect(list.body.totalElements).toBe(2);
    expect(list.body.content.find((u: { userId: number }) => u.userId === uid)).toMatchObject({ phone: '139****0005', roleId: 'vip', roleName: '高级会员' });
    const filtered = await admin.post('/api/v1/applications/users', { action: 'list', applicationId: appId, roleId: 'vip' });
    expect(filtered.body.content.map((u: { userId: number }) => u.userId)).toEqual([uid]);
    const self = await as('13900000005');
    const mine = await self.post('/api/v1/applications/user_rights', { applicationId: appId });
    expect(mine.body).toMatchObject({ member: true, roleId: 'vip', roleName: '高级会员', rights: ['panels', 'download'] });
    expect((await self.post('/api/v1/applications/user_rights', { applicationId: appId, userId: await userId('13900000006') })).status).toBe(403);
    // naming oneself needs no right; another user of an application that does not exist: 404 first
    expect((await self.post('/api/v1/applications/user_rights', { applicationId: appId, userId: uid })).body).toMatchObject({ userId: uid, roleId: 'vip' });
    const missing = await self.post('/api/v1/applications/user_rights', { applicationId: 999999, userId: await userId('13900000006') });
    expect([missing.status, missing.body.error.message]).toEqual([404, '应用不存在']);
    // the managers of an application (right 'users') read their users' rights
    const other = await admin.post('/api/v1/applications/user_rights', { applicationId: appId, userId: uid });
    expect(other.body).toMatchObject({ userId: uid, roleName: '高级会员' });
    const rm = await admin.post('/api/v1/applications/users', { action: 'remove', applicationId: appId, userId: await userId('13900000006') });
    expect(rm.body.message).toBe('用户已移出此应用');
    const rm2 = await admin.post('/api/v1/applications/users', { action: 'remove', applicationId: appId, userId: await userId('13900000006') });
    expect(rm2.status).toBe(400);
    expect(rm2.body.error.message).toBe('该用户不是此应用的用户');
  });

  it('deleting a role moves its users to the default role; the default role cannot be deleted', async () => {
    const uid = await userId('13900000005');
    const refused = await admin.post(`/api/v1/applications/${appId}/delete_role`, { roleId: 'member' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('不能删除默认角色，请先把其他角色设为默认角色');
    const del = await admin.post(`/api/v1/applications/${appId}/delete_role`, {
      roleConfig: [
        { id: 'member', name: '会员', rights: ['panels'] },
        { id: 'vip', name: '高级会员', rights: ['panels', 'download'] },
      ],
      roleId: 'vip',
    });
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({
      roleConfig: [{ id: 'member' }],
      defaultUserRole: 'member',
      moved: 1,
      message: '角色已删除，持有该角色的用户已改为默认角色',
    });
    expect((await ctx.db.selectFrom('application_users').select('role_id').where('user_id', '=', uid).executeTakeFirstOrThrow()).role_id).toBe('member');
    const stored = await ctx.db.selectFrom('applications').select('role_config').where('id', '=', appId).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.role_config).map((r: { id: string }) => r.id)).toEqual(['member']);
    const unknown = await admin.post(`/api/v1/applications/${appId}/delete_role`, { roleId: 'ghost' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('角色不存在');
  });
});

describe('release and pass', () => {
  it('draft → submitted (release) → released (pass, super only), with refusals in the wrong state', async () => {
    const id = (await admin.post('/api/v1/applications', { name: '发布站点', host: 'release.example.cn' })).body.applicationId;
    await admin.post('/api/v1/applications/managers', { applicationId: id, phone: '13900000007', rights: ['settings'] });
    const m = await as('13900000007');
    const early = await admin.put(`/api/v1/applications/${id}/pass`);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('该站点尚未提交发布申请');
    const rel = await m.put(`/api/v1/applications/${id}/release`);
    expect(rel.body).toMatchObject({ status: 'submitted', message: '已提交发布申请，等待超级管理员审核' });
    expect((await m.put(`/api/v1/applications/${id}/release`)).body.error.message).toBe('已提交发布申请，请等待审核');
    const byManager = await m.put(`/api/v1/applications/${id}/pass`);
    expect(byManager.status).toBe(403);
    const passed = await admin.put(`/api/v1/applications/${id}/pass`);
    expect(passed.body).toMatchObject({ status: 'released', message: '审核通过，站点已发布' });
    expect((await ctx.db.selectFrom('applications').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('released');
    expect((await admin.put(`/api/v1/applications/${id}/pass`)).body.error.message).toBe('站点已发布');
    const list = await m.get('/api/v1/applications');
    expect(list.body.content[0]).toMatchObject({ applicationId: id, status: 'released' });
    expect((await admin.put('/api/v1/applications/999999/release')).status).toBe(404);
  });
});
