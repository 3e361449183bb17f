/**
 * Who may change how a site signs its visitors in (decision 415), on both databases: the sign-in
 * settings (PUT /api/v1/applications/{id}/oauth-uri) and the OAuth clients of client login
 * (POST / DELETE /api/v1/applications/{id}/oauth/clients) need the 站点设置 right. A manager without
 * it gets 403 没有「站点设置」权限，请联系超级管理员 and nothing is stored; with it the calls work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, releaseApplication, type Client, type TestContext } from '../../test/harness.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import type { ManagerRight } from '../../../common/roles.js';

let ctx: TestContext;
let admin: Client;
let without: Client;
let holder: Client;
let appId: number;
const ATTACKER = { issuer: 'https://attacker-idp.example', clientId: 'evil' };
const refusal = fillMsg(MSG.rightMissing, { right: '站点设置' });

/** A signed-in manager of the application holding `rights`. */
async function manager(phone: string, rights: ManagerRight[]): Promise<Client> {
  const c = await ctx.signIn(phone);
  const u = await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('application_managers')
    .values({ application_id: appId, user_id: u.id, rights: JSON.stringify(rights) })
    .execute();
  return c;
}

const stored = () => ctx.db.selectFrom('applications').select(['oauth_uri', 'mail_allow_suffix']).where('id', '=', appId).executeTakeFirstOrThrow();
const clients = async () =>
  (await ctx.db.selectFrom('oauth_clients').select('client_id').where('application_id', '=', appId).execute()).map((r) => r.client_id);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13700000401', 'super');
  appId = (await admin.post('/api/v1/applications', { name: '登录设置权限站', host: 'signin-right.example.cn' })).body.applicationId;
  await releaseApplication(admin, appId);
  without = await manager('13700000402', ['home', 'content', 'users']);
  holder = await manager('13700000403', ['settings']);
});
afterAll(async () => {
  await ctx.close();
});

describe('the sign-in settings need 站点设置 (decision 415)', () => {
  it('a manager without the right cannot point the site at another provider: 403, nothing stored', async () => {
    const before = await stored();
    const r = await without.put(`/api/v1/applications/${appId}/oauth-uri`, { oauthUri: ATTACKER, mailAllowSuffix: 'attacker.example' });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(refusal);
    expect(await stored()).toEqual(before);
    // the sign-in page of the site offers no single sign-on
    expect((await ctx.client().get('/api/v1/oauth/options', { headers: { host: 'signin-right.example.cn' } })).body.sso).toBe(false);
  });

  it('a manager with the right saves them', async () => {
    const r = await holder.put(`/api/v1/applications/${appId}/oauth-uri`, {
      oauthUri: { issuer: 'https://idp.example.edu.cn', clientId: 'atrium' },
      mailAllowSuffix: 'example.edu.cn',
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MSG.oauthSaved);
    const row = await stored();
    expect(JSON.parse(row.oauth_uri ?? 'null')).toMatchObject({ issuer: 'https://idp.example.edu.cn', clientId: 'atrium' });
    expect(row.mail_allow_suffix).toBe('example.edu.cn');
  });
});

describe('the OAuth clients need 站点设置 (decision 415)', () => {
  const body = (clientId: string) => ({ clientId, name: '科研项目平台', oauthUri: ATTACKER });

  it('a manager without the right can neither add nor delete a client: 403, nothing stored or removed', async () => {
    const add = await without.post(`/api/v1/applications/${appId}/oauth/clients`, body('evil-client'));
    expect(add.status).toBe(403);
    expect(add.body.error.message).toBe(refusal);
    expect(await clients()).toEqual([]);

    expect((await admin.post(`/api/v1/applications/${appId}/oauth/clients`, body('kept'))).status).toBe(201);
    const del = await without.del(`/api/v1/applications/${appId}/oauth/clients/kept`);
    expect(del.status).toBe(403);
    expect(del.body.error.message).toBe(refusal);
    expect(await clients()).toEqual(['kept']);
    // reading the list stays open to the application's managers (the card shows the sign-in links)
    const list = await without.get(`/api/v1/applications/${appId}/oauth/clients`);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { clientId: string }) => c.clientId)).toEqual(['kept']);
  });

  it('a manager with the right adds, edits and deletes one', async () => {
    const add = await holder.post(`/api/v1/applications/${appId}/oauth/clients`, {
      ...body('project'),
      oauthUri: { issuer: 'https://idp.example.edu.cn', clientId: 'p' },
    });
    expect(add.status).toBe(201);
    expect(add.body.message).toBe(MSG.oauthClientSaved);
    const edit = await holder.post(`/api/v1/applications/${appId}/oauth/clients`, {
      ...body('project'),
      name: '项目平台',
      oauthUri: { issuer: 'https://idp.example.edu.cn', clientId: 'p' },
    });
    expect(edit.status).toBe(200);
    expect((await clients()).sort()).toEqual(['kept', 'project']);
    const del = await holder.del(`/api/v1/applications/${appId}/oauth/clients/project`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(MSG.oauthClientDeleted);
    expect(await clients()).toEqual(['kept']);
  });
});
