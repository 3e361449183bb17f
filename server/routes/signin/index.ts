/**
 * Sign-in routes of issue 5 (spec 1 §3 'Users', §6; spec 2 §7 'Login', 'Application and account'):
 * e-mail codes, single sign-on (OpenID Connect), OAuth clients for client login, login-info links,
 * anonymous visitors, sign-out everywhere, and the per-application settings (oauth-uri).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { USER_COOKIE_MS, CODE_PER_ADDRESS_PER_MIN } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import type { AppContext } from '../../context.js';
import { HttpError, conflict, notFound, tooMany, unauthorized } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { hit } from '../../http/rateLimit.js';
import { SESSION_COOKIE, requireManager, requireUser, sha256, startSession } from '../../http/session.js';
import { mailProviderFrom } from '../../notify/mail.js';
import { applicationByHost } from '../../applications/service.js';
import { checkCode, dropLatestCode, issueCode, presentUser, userByPhone } from '../../auth/service.js';
import { getApplication } from '../../applications/service.js';
import {
  anonymousBody,
  appClientParams,
  clientIdParams,
  emailCodeBody,
  emailSignInBody,
  idParams,
  loginInfoBody,
  loginInfoPayload,
  simpleSigninQuery,
  toolsLoginBody,
  oauthClientBody,
  oauthUriBody,
  ssoCallbackQuery,
  ssoStartQuery,
  type SsoSettings,
} from './schema.js';
import {
  anonymousName,
  derivedKey,
  mailAllowed,
  mergeSso,
  publicSso,
  readSso,
  samePath,
  seal,
  signinConfig,
  unseal,
  userByEmail,
  userByIdentity,
} from './service.js';
import { finishSso, oidcConfig, startSso, type SsoState } from './sso.js';
import { useLoginLink } from './loginLinks.js';

const SSO_COOKIE = 'atrium_sso';
const SSO_PATH = '/api/v1/oauth/sso';
const SSO_STATE_MS = 10 * 60_000;

export default async function signinRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const mail = mailProviderFrom(config);
  const stateKey = derivedKey(config.secret, 'sso-state');
  const hostApp = (req: FastifyRequest) => applicationByHost(db, req.headers.host ?? '');

  // ---- e-mail codes (spec 2 §7 'Login'; same rules as the SMS codes) ----
  app.put('/api/v1/oauth/email/digits', async (req) => {
    const { email } = parse(emailCodeBody, req.body);
    if (config.mailProvider === 'off') throw new HttpError(503, 'mail_off', MSG.mailOff);
    if (!mailAllowed(await hostApp(req), email)) throw new HttpError(403, 'mail_not_allowed', MSG.mailNotAllowed, { email: MSG.mailNotAllowed });
    if (!(await hit(db, `mail-ip:${req.ip}`, CODE_PER_ADDRESS_PER_MIN, 60_000))) throw tooMany(MSG.sendTooOften);
    const target = `email:${email}`;
    const code = await issueCode(db, config.secret, target);
    try {
      await mail.send(email, MSG.emailCodeSubject, MSG.emailCodeText(code));
    } catch (err) {
      await dropLatestCode(db, target);
      req.log.error({ err: (err as Error).message }, 'mail send failed');
      throw new HttpError(502, 'mail_failed', MSG.mailFailed);
    }
    return { ok: true, message: MSG.codeSent };
  });

  app.post('/api/v1/oauth/email/digits', async (req, reply) => {
    const body = parse(emailSignInBody, req.body);
    if (!mailAllowed(await hostApp(req), body.email)) throw new HttpError(403, 'mail_not_allowed', MSG.mailNotAllowed, { email: MSG.mailNotAllowed });
    if (!(await hit(db, `signin-ip:${req.ip}`, 30, 60_000))) throw tooMany();
    try {
      await checkCode(db, config.secret, `email:${body.email}`, body.email_code);
    } catch (err) {
      if (err instanceof HttpError && err.fields?.sms_code) err.fields = { email_code: err.fields.sms_code };
      throw err;
    }
    const user = await userByEmail(db, body.email);
    await startSession(db, reply, user.id, config.sessionTtlMs, config.secureCookies);
    return { user: presentUser(user), message: MSG.signedIn };
  });

  // ---- which ways of signing in this host offers (the login page and the console guard) ----
  app.get('/api/v1/oauth/options', async (req) => {
    const a = await hostApp(req);
    return { sso: !!readSso(a?.oauth_uri), email: config.mailProvider !== 'off', mailAllowSuffix: a?.mail_allow_suffix ?? null, applicationId: a?.id ?? null };
  });

  // ---- per-application settings (spec 2 §7 PUT /api/v1/applications/{id}/oauth-uri) ----
  app.put('/api/v1/applications/:id/oauth-uri', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    requireUser(req);
    const found = await getApplication(db, id);
    await requireManager(db, req, id);
    const body = parse(oauthUriBody, req.body);
    const set: { oauth_uri?: string | null; mail_allow_suffix?: string | null; updated_at: string } = { updated_at: new Date().toISOString() };
    if (body.oauthUri !== undefined) set.oauth_uri = body.oauthUri ? JSON.stringify(mergeSso(body.oauthUri, readSso(found.oauth_uri))) : null;
    if (body.mailAllowSuffix !== undefined) set.mail_allow_suffix = body.mailAllowSuffix;
    await db.updateTable('applications').set(set).where('id', '=', id).execute();
    return { ...signinConfig(await getApplication(db, id)), message: MSG.oauthSaved };
  });

  // ---- OAuth clients for client login (spec 2 §7 GET /api/v1/applications/oauth/clients/{id}) ----
  app.get('/api/v1/applications/oauth/clients/:id', async (req) => {
    const { id } = parse(clientIdParams, req.params, 'params');
    const row = await db.selectFrom('oauth_clients').selectAll().where('client_id', '=', id).executeTakeFirst();
    if (!row) throw notFound(MSG.oauthClientNotFound);
    const sso = publicSso(readSso(row.sso));
    return { clientId: row.client_id, name: row.name, applicationId: row.application_id, issuer: sso?.issuer ?? null };
  });

  app.get('/api/v1/applications/:id/oauth/clients', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    requireUser(req);
    await getApplication(db, id);
    await requireManager(db, req, id);
    const rows = await db.selectFrom('oauth_clients').selectAll().where('application_id', '=', id).orderBy('client_id').execute();
    return rows.map((r) => ({ clientId: r.client_id, name: r.name, applicationId: r.application_id, oauthUri: publicSso(readSso(r.sso)) }));
  });

  app.post('/api/v1/applications/:id/oauth/clients', async (req, reply) => {
    const { id } = parse(idParams, req.params, 'params');
    requireUser(req);
    await getApplication(db, id);
    await requireManager(db, req, id);
    const body = parse(oauthClientBody, req.body);
    const prev = await db.selectFrom('oauth_clients').selectAll().where('client_id', '=', body.clientId).executeTakeFirst();
    if (prev && prev.application_id !== id) throw conflict(MSG.oauthClientTaken);
    const sso = JSON.stringify(mergeSso(body.oauthUri, readSso(prev?.sso)));
    if (prev) await db.updateTable('oauth_clients').set({ name: body.name, sso }).where('client_id', '=', body.clientId).execute();
    else
      await db
        .insertInto('oauth_clients')
        .values({ client_id: body.clientId, application_id: id, name: body.name, sso, created_at: new Date().toISOString() })
        .execute();
    return reply
      .status(prev ? 200 : 201)
      .send({ clientId: body.clientId, name: body.name, applicationId: id, oauthUri: publicSso(readSso(sso)), message: MSG.oauthClientSaved });
  });

  app.delete('/api/v1/applications/:id/oauth/clients/:clientId', async (req) => {
    const { id, clientId } = parse(appClientParams, req.params, 'params');
    requireUser(req);
    await getApplication(db, id);
    await requireManager(db, req, id);
    const r = await db.deleteFrom('oauth_clients').where('client_id', '=', clientId).where('application_id', '=', id).executeTakeFirst();
    if (!Number(r.numDeletedRows)) throw notFound(MSG.oauthClientNotFound);
    return { ok: true, message: MSG.oauthClientDeleted };
  });

  // ---- single sign-on ----
  /** The settings of a start: an OAuth client's (client login) or the host application's. */
  async function settingsFor(src: { clientId?: string; applicationId?: number }): Promise<SsoSettings | null> {
    if (src.clientId) {
      const row = await db.selectFrom('oauth_clients').select('sso').where('client_id', '=', src.clientId).executeTakeFirst();
      return readSso(row?.sso);
    }
    if (src.applicationId) {
      const row = await db.selectFrom('applications').select('oauth_uri').where('id', '=', src.applicationId).executeTakeFirst();
      return readSso(row?.oauth_uri);
    }
    return null;
  }
  const callbackUri = (req: FastifyRequest) => new URL(`${req.protocol}://${req.headers.host}${SSO_PATH}/callback`).href;

  app.get(`${SSO_PATH}/start`, async (req, reply) => {
    const q = parse(ssoStartQuery, req.query, 'query');
    if (!(await hit(db, `sso-ip:${req.ip}`, 30, 60_000))) throw tooMany();
    const src = q.client_id ? { clientId: q.client_id } : { applicationId: (await hostApp(req))?.id };
    if (q.client_id && !(await db.selectFrom('oauth_clients').select('client_id').where('client_id', '=', q.client_id).executeTakeFirst())) {
      throw notFound(MSG.oauthClientNotFound);
    }
    const s = await settingsFor(src);
    if (!s) throw notFound(MSG.ssoNotConfigured);
    let cfg;
    try {
      cfg = await oidcConfig(s, config.production);
    } catch (err) {
      req.log.warn({ err: (err as Error).message, issuer: s.issuer }, 'sso discovery failed');
      throw new HttpError(502, 'sso_failed', MSG.ssoFailed);
    }
    const { url, state } = await startSso(cfg, s, callbackUri(req), { redirect: samePath(q.redirect), ...src }, SSO_STATE_MS);
    reply.setCookie(SSO_COOKIE, seal(stateKey, state), {
      path: SSO_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      maxAge: SSO_STATE_MS / 1000,
    });
    return reply.redirect(url.href, 302);
  });

  app.get(`${SSO_PATH}/callback`, async (req, reply) => {
    const q = parse(ssoCallbackQuery, req.query, 'query');
    const raw = req.cookies[SSO_COOKIE];
    reply.clearCookie(SSO_COOKIE, { path: SSO_PATH });
    const st = raw ? (unseal(stateKey, raw) as SsoState | null) : null;
    const fail = (reason: 'state' | 'denied' | 'failed') => reply.redirect(`/console/login?sso_error=${reason}`, 302);
    if (!st || typeof st !== 'object' || typeof st.state !== 'string' || st.exp < Date.now() || !q.state || q.state !== st.state) return fail('state');
    if (q.error) return fail(q.error === 'access_denied' ? 'denied' : 'failed');
    const s = await settingsFor(st);
    if (!s) return fail('failed');
    let result;
    try {
      const cfg = await oidcConfig(s, config.production);
      result = await finishSso(cfg, new URL(req.url, callbackUri(req)), st);
    } catch (err) {
      req.log.warn({ err: (err as Error).message, issuer: s.issuer }, 'sso callback failed');
      return fail('failed');
    }
    const c = result.claims;
    const name = [c.name, c.preferred_username, c.nickname].find((v) => typeof v === 'string' && v.trim()) as string | undefined;
    const { user } = await userByIdentity(db, `oidc:${result.issuer}`, c.sub, () => ({
      name: (name ?? `用户${c.sub.slice(-4)}`).trim().slice(0, 50),
      affiliation: '',
      anonymous: 0,
    }));
    await startSession(db, reply, user.id, config.sessionTtlMs, config.secureCookies);
    return reply.redirect(samePath(st.redirect), 302);
  });

  // ---- encrypted login-info links (spec 1 §6; docs/decisions.md 125) ----
  /**
   * Signs in by a sealed login-info parameter (decisions 125, 247); `plain` (the fields of
   * POST /toolsApi/userLogin/login) must agree with the sealed payload: 400 登录信息与登录链接不一致 otherwise.
   */
  const loginInfoSignIn = async (
    req: FastifyRequest,
    reply: FastifyReply,
    loginInfo: string,
    plain?: { mobile?: string; name?: string; institution?: string },
  ) => {
    if (!config.loginInfoKey) throw notFound(MSG.loginInfoOff);
    if (!(await hit(db, `signin-ip:${req.ip}`, 30, 60_000))) throw tooMany();
    const opened = unseal(config.loginInfoKey, loginInfo);
    const payload = loginInfoPayload.safeParse(opened);
    if (!payload.success) {
      req.log.warn({ reason: opened === null ? 'decrypt' : 'payload' }, 'login-info refused');
      throw new HttpError(400, 'login_info_invalid', MSG.loginInfoInvalid);
    }
    if (payload.data.exp * 1000 <= Date.now()) throw new HttpError(401, 'login_info_expired', MSG.loginInfoExpired);
    const p = payload.data;
    const differs = (a: string | undefined, b: string | undefined) => a !== undefined && a !== '' && a !== (b ?? '');
    if (plain && (differs(plain.mobile, p.mobile) || differs(plain.name, p.name) || differs(plain.institution, p.institution))) {
      throw new HttpError(400, 'login_info_mismatch', MSG.loginInfoMismatch);
    }
    // a link signs in once: a second use (another browser, a forwarded mail) is refused (decision 247)
    if (!(await useLoginLink(db, loginInfo, p.exp))) throw new HttpError(409, 'login_info_used', MSG.loginInfoUsed);
    let user = await userByPhone(db, p.mobile);
    const set: { name?: string; affiliation?: string } = {};
    if (p.name) set.name = p.name;
    if (p.institution) set.affiliation = p.institution;
    if (Object.keys(set).length) {
      await db.updateTable('users').set(set).where('id', '=', user.id).execute();
      user = { ...user, ...set };
    }
    await startSession(db, reply, user.id, config.sessionTtlMs, config.secureCookies);
    return { user: presentUser(user), message: MSG.signedIn };
  };

  app.post('/api/v1/oauth/login-info', async (req, reply) => {
    const body = parse(loginInfoBody, req.body);
    return loginInfoSignIn(req, reply, body.loginInfo);
  });

  // spec 2 §7 'Login' POST /toolsApi/userLogin/login (decision 298): the same sign-in, the plain fields checked against the sealed ones
  app.post('/toolsApi/userLogin/login', async (req, reply) => {
    const body = parse(toolsLoginBody, req.body);
    return loginInfoSignIn(req, reply, body.loginInfo, body);
  });

  /**
   * GET /web/oauth/signin/simple?redirect= (spec 2 §7 'Login', 'a query'; decision 298): the one address
   * that starts signing in: the site's single sign-on when its application has one, else the sign-in
   * page; both come back to `redirect` (a path of this site, else /).
   */
  app.get('/web/oauth/signin/simple', async (req, reply) => {
    const q = parse(simpleSigninQuery, req.query, 'query');
    const back = samePath(q.redirect);
    const hostApplication = await hostApp(req);
    const sso = hostApplication ? await settingsFor({ applicationId: hostApplication.id }) : null;
    const to = sso ? `${SSO_PATH}/start?redirect=${encodeURIComponent(back)}` : `/console/login?redirect=${encodeURIComponent(back)}`;
    return reply.redirect(to, 302);
  });

  // ---- anonymous visitors (spec 1 §3 'Users'; docs/decisions.md 126) ----
  app.post('/api/v1/users/anonymous', async (req, reply) => {
    const { fingerprint } = parse(anonymousBody, req.body);
    if (req.user) return { user: presentUser(req.user) };
    if (!(await hit(db, `anon-ip:${req.ip}`, 20, 60_000))) throw tooMany();
    const subject = sha256(`${config.secret}\u0000${fingerprint}`);
    const { user } = await userByIdentity(db, 'fingerprint', subject, () => ({ name: anonymousName(), affiliation: MSG.anonymousAffiliation, anonymous: 1 }));
    if (!user.anonymous) throw unauthorized();
    await startSession(db, reply, user.id, USER_COOKIE_MS, config.secureCookies);
    return { user: presentUser(user) };
  });

  // ---- the user's active sessions (issue 13 /console/settings/account; decision 293) ----
  app.get('/api/v1/sessions', async (req) => {
    const user = requireUser(req);
    const token = req.cookies[SESSION_COOKIE];
    const mine = token ? sha256(token) : '';
    const rows = await db
      .selectFrom('sessions')
      .select(['token_hash', 'created_at', 'expires_at'])
      .where('user_id', '=', user.id)
      .where('expires_at', '>', new Date().toISOString())
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
    return {
      content: rows.map((r) => ({ id: r.token_hash.slice(0, 12), createdAt: r.created_at, expiresAt: r.expires_at, current: r.token_hash === mine })),
    };
  });

  // ---- sign-out everywhere (issue 5) ----
  app.delete('/api/v1/sessions', async (req, reply) => {
    // an anonymous visitor has one cookie session: DELETE /api/v1/session ends it
    const user = requireUser(req);
    const r = await db.deleteFrom('sessions').where('user_id', '=', user.id).executeTakeFirst();
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true, ended: Number(r.numDeletedRows), message: MSG.signedOutEverywhere };
  });
}
