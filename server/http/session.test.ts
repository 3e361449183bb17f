/**
 * Sessions (spec 1 §6):
 * an expired session is refused like no session, and a manager whose right is taken away is refused
 * on the very next call, without signing in again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../test/harness.js';
import { MSG } from '../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let appId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13800000501', 'super');
  appId = (await admin.post('/api/v1/applications', { name: '会话测试门户', host: 'session.example.cn' })).body.applicationId;
});
afterAll(async () => {
  await ctx.close();
});

const userId = async (phone: string) => (await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;

describe('sessions', () => {
  it('refuses an expired session: no user, console calls 401, writes 401', async () => {
    const c = await ctx.signIn('13800000502', 'super');
    expect((await c.get('/api/v1/session')).body.user.phone ?? (await c.get('/api/v1/session')).body.user.id).toBeTruthy();
    expect((await c.get('/api/v1/applications')).status).toBe(200);
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', await userId('13800000502'))
      .execute();
    expect((await c.get('/api/v1/session')).body.user).toBeNull();
    const list = await c.get('/api/v1/applications');
    expect(list.status).toBe(401);
    expect(list.body.error.message).toBe(MSG.notSignedIn);
    const write = await c.post('/api/v1/applications', { name: '过期会话', host: 'expired.example.cn' });
    expect(write.status).toBe(401);
    expect(await ctx.db.selectFrom('applications').select('id').where('host', '=', 'expired.example.cn').executeTakeFirst()).toBeUndefined();
  });

  it('applies a changed right on the next request', async () => {
    const manager = await ctx.signIn('13800000503');
    const added = await admin.post('/api/v1/applications/managers', { applicationId: appId, phone: '13800000503', rights: ['home', 'content'] });
    expect(added.status).toBe(201);
    const hc = { homeConfig: [{ page: 'home', style: 'card', groups: {}, template: [] }] };
    expect((await manager.post(`/api/v1/applications/${appId}/home-config`, hc)).status).toBe(200);
    const changed = await admin.put('/api/v1/applications/managers', { id: added.body.id, rights: ['content'] });
    expect(changed.status).toBe(200);
    const refused = await manager.post(`/api/v1/applications/${appId}/home-config`, hc);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/首页编辑/);
  });

  it('ends every session of the user with sign-out everywhere', async () => {
    const a = await ctx.signIn('13800000504', 'super');
    const b = ctx.client();
    b.cookies = new Map(a.cookies); // the same session in another tab
    const out = await a.del('/api/v1/sessions');
    expect(out.status).toBe(200);
    expect((await b.get('/api/v1/applications')).status).toBe(401);
  });
});
