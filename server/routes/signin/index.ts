/**
 * Sign-in routes (spec 1 §3 'Users', §6; spec 2 §7 'Login', 'Application and account'):
 * e-mail codes, single sign-on (OpenID Connect), OAuth clients for client login, login-info links,
 * anonymous visitors, the user's sessions (sign out one device or everywhere), and the per-application
 * settings (oauth-uri). Declared contracts: schemas and access in each route's options.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { noRows, ownRows } from '../../policies/rows.js';
import { USER_COOKIE_MS, CODE_PER_ADDRESS_PER_MIN } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import type { AppContext } from '../../context.js';
import { HttpError, notFound, tooMany, unauthorized } from '../../http/errors.js';
import { addressKey, hit } from '../../http/rateLimit.js';
import { SESSION_COOKIE, sessionTokenHash, sha256, startSession } from '../../http/session.js';
import { currentUser, declared } from '../../http/contract.js';
import { accountAccess, managerAccess, publicAccess } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { okAnswer } from '../../../common/contracts/common.js';
import {
  activeSessionAnswer,
  oauthClientAnswer,
  oauthClientPublicAnswer,
  sessionUserAnswer,
  signedInAnswer,
  signinOptionsAnswer,
  signinSettingsAnswer,
} from '../../../common/contracts/signin.js';
import { z } from 'zod';
import { mailProviderFrom } from '../../notify/mail.js';
import { applicationByHost } from '../../applications/service.js';
import { checkCode, dropLatestCode, issueCode, presentUser, userByPhone } from '../../auth/service.js';
import { getApplication } from '../../applications/service.js';
import {
  sessionIdParams,
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
} from './schema.js';
import {
  anonymousName,
  applyLoginInfoProfile,
  canonicalBase64url,
  deleteOauthClient,
  derivedKey,
  endAllSessions,
  endOneSession,
  getOauthClient,
  listOauthClients,
  listSessions,
  mailAllowed,
  publicSso,
  readSso,
  samePath,
  saveOauthClient,
  saveSigninSettings,
  seal,
  signinConfig,
  ssoSettingsFor,
  unseal,
  userByEmail,
  userByIdentity,
} from './service.js';
import { finishSso, oidcConfig, startSso, type SsoState } from './sso.js';
import { useLoginLink } from './loginLinks.js';

const SSO_COOKIE = 'atrium_sso';
const SSO_PATH = '/api/v1/oauth/sso';
const SSO_STATE_MS = 10 * 60_000;

const tags = ['登录'];
const clientTags = ['登录', '客户端登录'];
/** A redirect: the answer is a 302 to another address. */
const redirect = { 302: z.null().describe('跳转（Location 头）') };

/** Why single sign-on could not start, as `?sso_error=` of the sign-in pages (app/signin/SigninForm.tsx). */
export type SsoStartFailure = 'unavailable' | 'unconfigured' | 'client' | 'busy' | 'failed';

/** Whether the request is a browser loading a page (not a script asking for JSON). */
export function isNavigation(req: FastifyRequest): boolean {
  return req.headers['sec-fetch-mode'] === 'navigate' || /\btext\/html\b/.test(String(req.headers.accept ?? ''));
}

/**
 * The reason of a refused SSO start (docs/decisions.md 423): the provider could not be reached or read
 * (`sso_failed`, 502) `unavailable`; no SSO on this site `unconfigured`; an unknown client id `client`;
 * too many starts from the address `busy`; anything else `failed`.
 */
export function startFailure(err: unknown): SsoStartFailure {
  if (!(err instanceof HttpError)) return 'failed';
  if (err.code === 'sso_failed') return 'unavailable';
  if (err.status === 429) return 'busy';
  if (err.message === MSG.oauthClientNotFound) return 'client';
  if (err.message === MSG.ssoNotConfigured) return 'unconfigured';
  return 'failed';
}

/**
 * The sign-in page a browser is sent to when SSO cannot start (docs/decisions.md 423): `/console/login`
 * when it was going back to the console, else the site's `/login`, with `sso_error=<reason>` (the page
 * shows the Chinese message) and `redirect=<the way back>` (a path of this site, else `/`).
 */
export function ssoStartFailedPage(rawRedirect: string | undefined, reason: SsoStartFailure): string {
  const back = samePath(rawRedirect);
  const page = /^\/console(?:[/?#]|$)/.test(back) ? '/console/login' : '/login';
  return `${page}?${new URLSearchParams({ sso_error: reason, redirect: back }).toString()}`;
}

export default async function signinRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const mail = mailProviderFrom(config);
  const stateKey = derivedKey(config.secret, 'sso-state');
  const hostApp = (req: FastifyRequest) => applicationByHost(db, req.headers.host ?? '');
  const r = declared(app);
  const everyone = { access: publicAccess, rows: noRows };
  const appManager = { access: managerAccess(applicationInPath) };
  // who signs in to the site, and through which provider, is the site's setting: 站点设置 (decision 415)
  const appSettings = { access: managerAccess(applicationInPath, 'settings') };

  // ---- e-mail codes (spec 2 §7 'Login'; same rules as the SMS codes) ----
  r.put(
    '/api/v1/oauth/email/digits',
    { schema: { summary: '发送邮箱验证码', tags, body: emailCodeBody, response: { 200: okAnswer } }, config: everyone },
    async (req) => {
      const { email } = req.body;
      if (config.mailProvider === 'off') throw new HttpError(503, 'mail_off', MSG.mailOff);
      if (!mailAllowed(await hostApp(req), email)) throw new HttpError(403, 'mail_not_allowed', MSG.mailNotAllowed, { email: MSG.mailNotAllowed });
      if (!(await hit(db, `mail-ip:${addressKey(req.ip)}`, CODE_PER_ADDRESS_PER_MIN, 60_000))) throw tooMany(MSG.sendTooOften);
      const target = `email:${email}`;
      const code = await issueCode(db, config.secret, target, { address: req.ip });
      try {
        await mail.send(email, MSG.emailCodeSubject, MSG.emailCodeText(code));
      } catch (err) {
        await dropLatestCode(db, target);
        req.log.error({ err: (err as Error).message }, 'mail send failed');
        throw new HttpError(502, 'mail_failed', MSG.mailFailed);
      }
      return { ok: true as const, message: MSG.codeSent };
    },
  );

  r.post(
    '/api/v1/oauth/email/digits',
    { schema: { summary: '用邮箱验证码登录', tags, body: emailSignInBody, response: { 200: signedInAnswer } }, config: everyone },
    async (req, reply) => {
      const body = req.body;
      if (!mailAllowed(await hostApp(req), body.email)) throw new HttpError(403, 'mail_not_allowed', MSG.mailNotAllowed, { email: MSG.mailNotAllowed });
      if (!(await hit(db, `signin-ip:${addressKey(req.ip)}`, 30, 60_000))) throw tooMany();
      try {
        await checkCode(db, config.secret, `email:${body.email}`, body.email_code, { address: req.ip });
      } catch (err) {
        if (err instanceof HttpError && err.fields?.sms_code) err.fields = { email_code: err.fields.sms_code };
        throw err;
      }
      const user = await userByEmail(db, body.email);
      await startSession(db, reply, user.id, config.sessionTtlMs, config.secureCookies);
      return { user: presentUser(user), message: MSG.signedIn };
    },
  );

  // ---- which ways of signing in this host offers (the login page and the console guard) ----
  r.get(
    '/api/v1/oauth/options',
    { schema: { summary: '这个地址提供的登录方式', tags, response: { 200: signinOptionsAnswer } }, config: everyone },
    async (req) => {
      const a = await hostApp(req);
      return {
        sso: !!readSso(a?.oauth_uri),
        email: config.mailProvider !== 'off',
        mailAllowSuffix: a?.mail_allow_suffix ?? null,
        applicationId: a?.id ?? null,
      };
    },
  );

  // ---- per-application settings (spec 2 §7 PUT /api/v1/applications/{id}/oauth-uri) ----
  r.put(
    '/api/v1/applications/:id/oauth-uri',
    {
      schema: { summary: '修改应用的登录设置（单点登录、邮箱后缀）', tags, params: idParams, body: oauthUriBody, response: { 200: signinSettingsAnswer } },
      config: appSettings,
    },
    async (req) => {
      await saveSigninSettings(db, await getApplication(db, req.params.id), req.body);
      return { ...signinConfig(await getApplication(db, req.params.id)), message: MSG.oauthSaved };
    },
  );

  // ---- OAuth clients for client login (spec 2 §7 GET /api/v1/applications/oauth/clients/{id}) ----
  r.get(
    '/api/v1/applications/oauth/clients/:id',
    {
      schema: { summary: '读取一个登录客户端（客户端登录页用）', tags: clientTags, params: clientIdParams, response: { 200: oauthClientPublicAnswer } },
      config: everyone,
    },
    async (req) => {
      const row = await getOauthClient(db, req.params.id);
      const sso = publicSso(readSso(row.sso));
      return { clientId: row.client_id, name: row.name, applicationId: row.application_id, issuer: sso?.issuer ?? null };
    },
  );

  r.get(
    '/api/v1/applications/:id/oauth/clients',
    { schema: { summary: '应用的登录客户端', tags: clientTags, params: idParams, response: { 200: z.array(oauthClientAnswer) } }, config: appManager },
    async (req) => listOauthClients(db, req.params.id),
  );

  r.post(
    '/api/v1/applications/:id/oauth/clients',
    {
      schema: {
        summary: '新增或修改登录客户端',
        tags: clientTags,
        params: idParams,
        body: oauthClientBody,
        response: { 200: oauthClientAnswer.extend({ message: z.string() }), 201: oauthClientAnswer.extend({ message: z.string() }) },
      },
      config: appSettings,
    },
    async (req, reply) => {
      const { created, client } = await saveOauthClient(db, req.params.id, req.body);
      return reply.status(created ? 201 : 200).send({ ...client, message: MSG.oauthClientSaved });
    },
  );

  r.delete(
    '/api/v1/applications/:id/oauth/clients/:clientId',
    { schema: { summary: '删除登录客户端', tags: clientTags, params: appClientParams, response: { 200: okAnswer } }, config: appSettings },
    async (req) => {
      await deleteOauthClient(db, req.params.id, req.params.clientId);
      return { ok: true as const, message: MSG.oauthClientDeleted };
    },
  );

  // ---- single sign-on ----
  const callbackUri = (req: FastifyRequest) => new URL(`${req.protocol}://${req.headers.host}${SSO_PATH}/callback`).href;

  /** Starts single sign-on for `GET …/sso/start` (the provider's address, 302); throws the refusals. */
  const startSignOn = async (req: FastifyRequest<{ Querystring: z.infer<typeof ssoStartQuery> }>, reply: FastifyReply) => {
    const q = req.query;
    if (!(await hit(db, `sso-ip:${addressKey(req.ip)}`, 30, 60_000))) throw tooMany();
    const src = q.client_id ? { clientId: q.client_id } : { applicationId: (await hostApp(req))?.id };
    if (q.client_id) await getOauthClient(db, q.client_id);
    const s = await ssoSettingsFor(db, src);
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
  };

  r.get(
    `${SSO_PATH}/start`,
    { schema: { summary: '开始单点登录（跳转到身份提供方）', tags, querystring: ssoStartQuery, response: redirect }, config: everyone },
    async (req, reply) => {
      try {
        return await startSignOn(req, reply);
      } catch (err) {
        // a browser that cannot start goes to a sign-in page that says why, never to a JSON page (decision 423)
        if (!isNavigation(req)) throw err;
        if (!(err instanceof HttpError)) req.log.error({ err }, 'sso start failed');
        return reply.redirect(ssoStartFailedPage(req.query.redirect, startFailure(err)), 302);
      }
    },
  );

  r.get(
    `${SSO_PATH}/callback`,
    { schema: { summary: '单点登录回调（身份提供方跳回）', tags, querystring: ssoCallbackQuery, response: redirect }, config: everyone },
    async (req, reply) => {
      const q = req.query;
      const raw = req.cookies[SSO_COOKIE];
      reply.clearCookie(SSO_COOKIE, { path: SSO_PATH });
      const st = raw ? (unseal(stateKey, raw) as SsoState | null) : null;
      const fail = (reason: 'state' | 'denied' | 'failed') => reply.redirect(`/console/login?sso_error=${reason}`, 302);
      if (!st || typeof st !== 'object' || typeof st.state !== 'string' || st.exp < Date.now() || !q.state || q.state !== st.state) return fail('state');
      if (q.error) return fail(q.error === 'access_denied' ? 'denied' : 'failed');
      const s = await ssoSettingsFor(db, st);
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
    },
  );

  // ---- encrypted login-info links (spec 1 §6; docs/decisions.md 125) ----
  /**
   * Signs in by a sealed login-info parameter (decisions 125, 247); `plain` (the fields of
   * POST /toolsApi/userLogin/login) must agree with the sealed payload: 400 登录信息与登录链接不一致 otherwise,
   * its `fields` naming each differing one (`body.mobile`, `body.name`, `body.institution`); a link that
   * does not open or whose payload is not valid: 400 with `fields['body.loginInfo']`; expired: 401.
   */
  const loginInfoSignIn = async (
    req: FastifyRequest,
    reply: FastifyReply,
    loginInfo: string,
    plain?: { mobile?: string; name?: string; institution?: string },
  ) => {
    if (!config.loginInfoKey) throw notFound(MSG.loginInfoOff);
    if (!(await hit(db, `signin-ip:${addressKey(req.ip)}`, 30, 60_000))) throw tooMany();
    // the sealed bytes, read only from a canonical spelling (decision 404)
    const sealed = canonicalBase64url(loginInfo);
    const opened = sealed ? unseal(config.loginInfoKey, loginInfo) : null;
    const payload = loginInfoPayload.safeParse(opened);
    if (!payload.success || !sealed) {
      req.log.warn({ reason: opened === null ? 'decrypt' : 'payload' }, 'login-info refused');
      throw new HttpError(400, 'login_info_invalid', MSG.loginInfoInvalid, { 'body.loginInfo': MSG.loginInfoInvalid });
    }
    if (payload.data.exp * 1000 <= Date.now()) throw new HttpError(401, 'login_info_expired', MSG.loginInfoExpired);
    const p = payload.data;
    const differs = (a: string | undefined, b: string | undefined) => a !== undefined && a !== '' && a !== (b ?? '');
    // each plain field that differs from the sealed one is named, keyed as the route's own 400s are (body.x)
    const mismatched = plain ? (['mobile', 'name', 'institution'] as const).filter((k) => differs(plain[k], p[k])) : [];
    if (mismatched.length > 0) {
      throw new HttpError(400, 'login_info_mismatch', MSG.loginInfoMismatch, Object.fromEntries(mismatched.map((k) => [`body.${k}`, MSG.loginInfoMismatch])));
    }
    // a link signs in once: a second use (another browser, a forwarded mail, another spelling) is refused (decisions 247, 404)
    if (!(await useLoginLink(db, sealed, p.exp))) throw new HttpError(409, 'login_info_used', MSG.loginInfoUsed);
    const user = await applyLoginInfoProfile(db, await userByPhone(db, p.mobile), p);
    await startSession(db, reply, user.id, config.sessionTtlMs, config.secureCookies);
    return { user: presentUser(user), message: MSG.signedIn };
  };

  r.post(
    '/api/v1/oauth/login-info',
    { schema: { summary: '用加密的登录链接登录', tags, body: loginInfoBody, response: { 200: signedInAnswer } }, config: everyone },
    async (req, reply) => loginInfoSignIn(req, reply, req.body.loginInfo),
  );

  // spec 2 §7 'Login' POST /toolsApi/userLogin/login (decision 298): the same sign-in, the plain fields checked against the sealed ones
  r.post(
    '/toolsApi/userLogin/login',
    { schema: { summary: '工具接口登录（须带加密的登录信息）', tags, body: toolsLoginBody, response: { 200: signedInAnswer } }, config: everyone },
    async (req, reply) => loginInfoSignIn(req, reply, req.body.loginInfo, req.body),
  );

  /**
   * GET /web/oauth/signin/simple?redirect= (spec 2 §7 'Login', 'a query'; decision 298): the one address
   * that starts signing in: the site's single sign-on when its application has one, else the site's
   * sign-in page `/login` (decision 384; `/console/login` on a host that is no site); both come back to
   * `redirect` (a path of this site, else /).
   */
  r.get(
    '/web/oauth/signin/simple',
    { schema: { summary: '开始登录：有单点登录时跳转到身份提供方，否则到登录页', tags, querystring: simpleSigninQuery, response: redirect }, config: everyone },
    async (req, reply) => {
      const back = samePath(req.query.redirect);
      const hostApplication = await hostApp(req);
      const sso = hostApplication ? await ssoSettingsFor(db, { applicationId: hostApplication.id }) : null;
      // a site's visitors sign in on the site's own page (decision 384); the console's page elsewhere
      const page = hostApplication ? '/login' : '/console/login';
      const to = sso ? `${SSO_PATH}/start?redirect=${encodeURIComponent(back)}` : `${page}?redirect=${encodeURIComponent(back)}`;
      return reply.redirect(to, 302);
    },
  );

  // ---- anonymous visitors (spec 1 §3 'Users'; docs/decisions.md 126) ----
  r.post(
    '/api/v1/users/anonymous',
    {
      schema: { summary: '以浏览器指纹成为匿名访客', tags, body: anonymousBody, response: { 200: z.object({ user: sessionUserAnswer }) } },
      config: everyone,
    },
    async (req, reply) => {
      if (req.user) return { user: presentUser(req.user) };
      if (!(await hit(db, `anon-ip:${addressKey(req.ip)}`, 20, 60_000))) throw tooMany();
      const subject = sha256(`${config.secret}\u0000${req.body.fingerprint}`);
      const { user } = await userByIdentity(db, 'fingerprint', subject, () => ({ name: anonymousName(), affiliation: MSG.anonymousAffiliation, anonymous: 1 }));
      if (!user.anonymous) throw unauthorized();
      await startSession(db, reply, user.id, USER_COOKIE_MS, config.secureCookies);
      return { user: presentUser(user) };
    },
  );

  // ---- the user's active sessions (/console/settings/account; decisions 293, 337) ----
  r.get(
    '/api/v1/sessions',
    {
      schema: { summary: '我的登录设备（未过期的会话，含设备与地址）', tags, response: { 200: z.object({ content: z.array(activeSessionAnswer) }) } },
      config: { rows: ownRows, access: accountAccess() },
    },
    async (req) => ({ content: await listSessions(db, currentUser(req).id, sessionTokenHash(req)) }),
  );

  r.delete(
    '/api/v1/sessions/:id',
    {
      schema: {
        summary: '让一台登录设备退出登录',
        tags,
        params: sessionIdParams,
        response: { 200: okAnswer.extend({ current: z.boolean().describe('退出的是当前设备') }) },
      },
      config: { rows: ownRows, access: accountAccess() },
    },
    async (req, reply) => {
      const { current } = await endOneSession(db, currentUser(req).id, req.params.id, sessionTokenHash(req));
      if (current) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true as const, current, message: MSG.sessionEnded };
    },
  );

  // ---- sign-out everywhere; an anonymous visitor has one cookie session: DELETE /api/v1/session ends it ----
  r.delete(
    '/api/v1/sessions',
    {
      schema: { summary: '在所有设备上退出登录', tags, response: { 200: okAnswer.extend({ ended: z.number().int().describe('结束的会话数') }) } },
      config: { rows: ownRows, access: accountAccess() },
    },
    async (req, reply) => {
      const ended = await endAllSessions(db, currentUser(req).id);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true as const, ended, message: MSG.signedOutEverywhere };
    },
  );
}
