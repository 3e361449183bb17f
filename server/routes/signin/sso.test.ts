/**
 * Single sign-on against a real OpenID provider (oidc-provider on a loopback port): the full redirect
 * start → provider login/consent → callback → signed in; state mismatch and open redirects refused;
 * client login through a registered OAuth client (spec 1 §6; spec 2 §7 GET /api/v1/applications/oauth/clients/{id}).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext, releaseApplication } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';
import { startOidcProvider, walkProvider, type TestOidc } from '../../test/signinServers.js';

// the harness talks to the server through inject, whose Host is localhost:80
const CALLBACK = 'http://localhost/api/v1/oauth/sso/callback';
let ctx: TestContext;
let op: TestOidc;
let admin: Client;
let appId: number;
beforeAll(async () => {
  op = await startOidcProvider([CALLBACK], { alice: '王小明', bob: '李雷' });
  ctx = await createTestContext();
  admin = await ctx.signIn('13900000010', 'super');
  const created = await admin.post('/api/v1/applications', { name: '本地站点', host: 'localhost' });
  await releaseApplication(admin, created.body.applicationId);
  appId = created.body.applicationId;
});
afterAll(async () => {
  await ctx.close();
  await op.close();
});

/** Runs start → provider → callback for a new browser; returns the client and the final redirect. */
async function ssoSignIn(login: string, query = 'redirect=/console/applications', tamper?: (u: URL) => void) {
  const c = ctx.client();
  const start = await c.get(`/api/v1/oauth/sso/start?${query}`);
  expect(start.status).toBe(302);
  const auth = new URL(String(start.headers.location));
  expect(auth.origin).toBe(op.issuer);
  expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
  const back = await walkProvider(auth.href, login);
  expect(back.href.startsWith(CALLBACK)).toBe(true);
  tamper?.(back);
  const done = await c.get(back.pathname + back.search);
  return { c, done };
}

describe('single sign-on', () => {
  it('managers store the settings; the client secret is never returned', async () => {
    const stranger = await ctx.signIn('13900000011');
    const body = { oauthUri: { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret } };
    expect((await stranger.put(`/api/v1/applications/${appId}/oauth-uri`, body)).status).toBe(403);
    const bad = await admin.put(`/api/v1/applications/${appId}/oauth-uri`, { oauthUri: { issuer: 'ftp://x', clientId: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.ssoIssuerInvalid);
    expect(bad.body.error.fields).toEqual({ 'body.oauthUri.issuer': MSG.ssoIssuerInvalid, 'body.oauthUri.clientId': MSG.ssoClientIdRequired });
    const saved = await admin.put(`/api/v1/applications/${appId}/oauth-uri`, body);
    expect(saved.status).toBe(200);
    expect(saved.body.oauthUri).toEqual({ issuer: op.issuer, clientId: op.clientId, scope: null, hasClientSecret: true });
    // saving again without the secret keeps it
    await admin.put(`/api/v1/applications/${appId}/oauth-uri`, { oauthUri: { issuer: op.issuer, clientId: op.clientId } });
    const pub = await ctx.client().get('/api/v1/applications/config?host=localhost');
    expect(pub.body.oauthUri.hasClientSecret).toBe(true);
    expect(pub.text).not.toContain(op.clientSecret);
    const mine = await admin.get(`/api/v1/applications/${appId}/config`);
    expect(mine.text).not.toContain(op.clientSecret);
    const options = await ctx.client().get('/api/v1/oauth/options');
    expect(options.body.sso).toBe(true);
  });

  it('signs in through the provider and comes back to the asked path; the same subject is the same user', async () => {
    const { c, done } = await ssoSignIn('alice');
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/console/applications');
    const me = await c.get('/api/v1/session');
    expect(me.body.user.name).toBe('王小明');
    const ids = await ctx.db.selectFrom('user_identities').selectAll().where('provider', '=', `oidc:${op.issuer}`).execute();
    expect(ids.map((i) => i.subject)).toEqual(['alice']);
    const again = await ssoSignIn('alice');
    expect((await again.c.get('/api/v1/session')).body.user.id).toBe(me.body.user.id);
    expect(await ctx.db.selectFrom('user_identities').selectAll().where('provider', '=', `oidc:${op.issuer}`).execute()).toHaveLength(1);
  });

  it('refuses a callback whose state does not match, or that comes without the state cookie', async () => {
    const { c, done } = await ssoSignIn('bob', 'redirect=/console/applications', (u) => u.searchParams.set('state', 'forged-state'));
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/console/login?sso_error=state');
    expect((await c.get('/api/v1/session')).body.user).toBeNull();

    const c2 = ctx.client();
    const start = await c2.get('/api/v1/oauth/sso/start');
    const back = await walkProvider(String(start.headers.location), 'bob');
    const other = ctx.client(); // another browser: no state cookie
    const r = await other.get(back.pathname + back.search);
    expect(r.headers.location).toBe('/console/login?sso_error=state');
    expect((await other.get('/api/v1/session')).body.user).toBeNull();
    expect(await ctx.db.selectFrom('user_identities').selectAll().where('subject', '=', 'bob').execute()).toHaveLength(0);
  });

  it('never redirects to another site after signing in', async () => {
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const { done } = await ssoSignIn('alice', `redirect=${encodeURIComponent(evil)}`);
      expect(done.status).toBe(302);
      expect(done.headers.location).toBe('/');
    }
  });

  it('answers 404 with a Chinese message where no SSO is configured', async () => {
    const r = await ctx.client().request('GET', '/api/v1/oauth/sso/start', undefined, { host: 'nosso.example.cn' });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(MSG.ssoNotConfigured);
  });
});

describe('client login through an OAuth client id', () => {
  it('registers a client, shows it without the secret, and signs in with it', async () => {
    const stranger = await ctx.signIn('13900000012');
    const body = { clientId: 'xproject-portal', name: '科研项目平台', oauthUri: { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret } };
    expect((await stranger.post(`/api/v1/applications/${appId}/oauth/clients`, body)).status).toBe(403);
    const bad = await admin.post(`/api/v1/applications/${appId}/oauth/clients`, { ...body, clientId: 'bad id!' });
    expect(bad.body.error.message).toBe(MSG.oauthClientIdInvalid);
    expect((await admin.post(`/api/v1/applications/${appId}/oauth/clients`, body)).status).toBe(201);
    const shown = await ctx.client().get('/api/v1/applications/oauth/clients/xproject-portal');
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ clientId: 'xproject-portal', name: '科研项目平台', applicationId: appId, issuer: op.issuer });
    expect(shown.text).not.toContain(op.clientSecret);
    const missing = await ctx.client().get('/api/v1/applications/oauth/clients/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(MSG.oauthClientNotFound);

    await admin.put(`/api/v1/applications/${appId}/oauth-uri`, { oauthUri: null });
    const { c, done } = await ssoSignIn('carol', 'client_id=xproject-portal&redirect=/');
    expect(done.headers.location).toBe('/');
    expect((await c.get('/api/v1/session')).body.user.name).toBe('carol');
    const unknown = await ctx.client().get('/api/v1/oauth/sso/start?client_id=nope');
    expect(unknown.status).toBe(404);

    expect((await admin.del(`/api/v1/applications/${appId}/oauth/clients/xproject-portal`)).status).toBe(200);
    expect((await ctx.client().get('/api/v1/applications/oauth/clients/xproject-portal')).status).toBe(404);
  });

  it('names the field at fault, and keeps the secret when the console sends the issuer back with a trailing slash (decision 201)', async () => {
    const base = { clientId: 'library-app', name: '图书馆移动端', oauthUri: { issuer: `${op.issuer}/`, clientId: op.clientId, clientSecret: op.clientSecret } };
    const url = `/api/v1/applications/${appId}/oauth/clients`;
    const noName = await admin.post(url, { ...base, name: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toBe(MSG.oauthClientNameRequired);
    expect(noName.body.error.fields).toEqual({ 'body.name': MSG.oauthClientNameRequired });
    const markup = await admin.post(url, { ...base, name: '<b>x</b>' });
    expect(markup.body.error.fields['body.name']).toBe(MSG.noMarkup);
    const badIssuer = await admin.post(url, { ...base, oauthUri: { ...base.oauthUri, issuer: 'ftp://x' } });
    expect(badIssuer.body.error.fields).toEqual({ 'body.oauthUri.issuer': MSG.ssoIssuerInvalid });
    const badScope = await admin.post(url, { ...base, oauthUri: { ...base.oauthUri, scope: 'email; drop' } });
    expect(badScope.body.error.fields).toEqual({ 'body.oauthUri.scope': MSG.ssoScopeInvalid });
    expect((await admin.post(url, base)).status).toBe(201);
    // an edit without the secret, the issuer typed with a slash: same provider, the secret stays
    const edited = await admin.post(url, { ...base, name: '图书馆 App', oauthUri: { issuer: `${op.issuer}/`, clientId: op.clientId } });
    expect(edited.status).toBe(200);
    expect(edited.body.oauthUri).toEqual({ issuer: op.issuer, clientId: op.clientId, scope: null, hasClientSecret: true });
    const list = await admin.get(url);
    expect(list.body).toEqual([
      {
        clientId: 'library-app',
        name: '图书馆 App',
        applicationId: appId,
        oauthUri: { issuer: op.issuer, clientId: op.clientId, scope: null, hasClientSecret: true },
      },
    ]);
    expect(list.text).not.toContain(op.clientSecret);
    // another provider client: the old secret is not carried over
    const moved = await admin.post(url, { ...base, oauthUri: { issuer: op.issuer, clientId: 'other-client' } });
    expect(moved.body.oauthUri.hasClientSecret).toBe(false);
    // taken by another application: 409 with the Chinese message
    const other = await admin.post('/api/v1/applications', { name: '另一个站点', host: 'other.example.cn' });
    const taken = await admin.post(`/api/v1/applications/${other.body.applicationId}/oauth/clients`, base);
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(MSG.oauthClientTaken);
    expect((await admin.del(`${url}/library-app`)).status).toBe(200);
    const gone = await admin.del(`${url}/library-app`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(MSG.oauthClientNotFound);
  });
});

describe('a single sign-on that cannot start (decision 423)', () => {
  const page = { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'sec-fetch-mode': 'navigate' } };
  it('sends a browser to the sign-in page of where it came from with the reason, never a JSON page', async () => {
    // a client whose provider cannot be reached (nothing listens on port 9)
    const body = { clientId: 'down-portal', name: '停机的平台', oauthUri: { issuer: 'http://127.0.0.1:9', clientId: 'atrium' } };
    expect((await admin.post(`/api/v1/applications/${appId}/oauth/clients`, body)).status).toBe(201);

    const fromSite = await ctx.client().get('/api/v1/oauth/sso/start?redirect=%2F&client_id=down-portal', page);
    expect(fromSite.status).toBe(302);
    expect(fromSite.headers.location).toBe('/login?sso_error=unavailable&redirect=%2F');
    expect(fromSite.text).not.toContain('sso_failed');
    const fromConsole = await ctx.client().get('/api/v1/oauth/sso/start?redirect=%2Fconsole&client_id=down-portal', page);
    expect(fromConsole.status).toBe(302);
    expect(fromConsole.headers.location).toBe('/console/login?sso_error=unavailable&redirect=%2Fconsole');
    // an unknown client, a site without SSO, a way back to another site
    expect((await ctx.client().get('/api/v1/oauth/sso/start?redirect=%2F&client_id=nope', page)).headers.location).toBe('/login?sso_error=client&redirect=%2F');
    const noSso = await ctx.client().request('GET', '/api/v1/oauth/sso/start?redirect=/console/applications', undefined, { host: 'nosso.example.cn', ...page });
    expect(noSso.headers.location).toBe('/console/login?sso_error=unconfigured&redirect=%2Fconsole%2Fapplications');
    const evil = await ctx.client().get(`/api/v1/oauth/sso/start?client_id=down-portal&redirect=${encodeURIComponent('//evil.example/x')}`, page);
    expect(evil.headers.location).toBe('/login?sso_error=unavailable&redirect=%2F');

    // a script asking for JSON still gets the refusal with its Chinese message
    const json = await ctx.client().get('/api/v1/oauth/sso/start?client_id=down-portal');
    expect(json.status).toBe(502);
    expect(json.body.error).toMatchObject({ code: 'sso_failed', message: MSG.ssoFailed });
    expect((await admin.del(`/api/v1/applications/${appId}/oauth/clients/down-portal`)).status).toBe(200);
  });
});
