/**
 * Sign-in by SMS code (spec 2 §7 'Login'): PUT /api/v3/oauth/digits sends a code, POST signs in.
 * GET /api/v1/session tells who is signed in; DELETE /api/v1/session signs out.
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import { noRows } from '../../policies/rows.js';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { HttpError, tooMany } from '../../http/errors.js';
import { addressKey, hit } from '../../http/rateLimit.js';
import { endSession, startSession } from '../../http/session.js';
import { publicAccess } from '../../policies/access.js';
import { requestCodeBody, signInBody } from './schema.js';
import { checkCode, dropLatestCode, issueCode, presentUser, userByPhone } from '../../auth/service.js';
import { okAnswer } from '../../../common/contracts/common.js';
import { sessionAnswer, signedInAnswer, welcomeAnswer } from '../../../common/contracts/auth.js';
import { CODE_PER_ADDRESS_PER_MIN } from '../../../common/constants.js';
import { MSG, fillMsg } from '../../../common/messages.js';

const tags = ['登录'];
const config = { access: publicAccess, rows: noRows };

export default async function authRoutes(app: FastifyInstance, { db, config: settings, sms }: AppContext) {
  const r = declared(app);

  r.put('/api/v3/oauth/digits', { schema: { summary: '发送短信验证码', tags, body: requestCodeBody, response: { 200: okAnswer } }, config }, async (req) => {
    const body = req.body;
    if (!(await hit(db, `sms-ip:${addressKey(req.ip)}`, CODE_PER_ADDRESS_PER_MIN, 60_000))) throw tooMany(MSG.sendTooOften);
    const target = `sms:${body.mobile_number}`;
    const code = await issueCode(db, settings.secret, target, { address: req.ip });
    try {
      await sms.send(body.mobile_number, `【Atrium】您的登录验证码是 ${code}，5 分钟内有效。如非本人操作，请忽略本短信。`);
    } catch (err) {
      await dropLatestCode(db, target);
      req.log.error({ err: (err as Error).message }, 'sms send failed');
      throw new HttpError(502, 'sms_failed', MSG.smsFailed);
    }
    return { ok: true as const, message: MSG.codeSent };
  });

  r.post(
    '/api/v3/oauth/digits',
    { schema: { summary: '以短信验证码登录', tags, body: signInBody, response: { 200: signedInAnswer } }, config },
    async (req, reply) => {
      const body = req.body;
      if (!(await hit(db, `signin-ip:${addressKey(req.ip)}`, 30, 60_000))) throw tooMany();
      await checkCode(db, settings.secret, `sms:${body.mobile_number}`, body.sms_code, { address: req.ip });
      const user = await userByPhone(db, body.mobile_number);
      await startSession(db, reply, user.id, settings.sessionTtlMs, settings.secureCookies);
      return { user: presentUser(user), message: MSG.signedIn };
    },
  );

  r.get('/api/v1/session', { schema: { summary: '当前登录的用户', tags, response: { 200: sessionAnswer } }, config }, async (req) => ({
    user: req.user ? presentUser(req.user) : null,
  }));

  /**
   * GET /welcome (spec 2 §7, payload none, answer not shown; decision 298): a greeting that tells the
   * service is up and who is signed in: { service, message, signedIn, name }. Public.
   */
  r.get('/welcome', { schema: { summary: '服务问候', tags, response: { 200: welcomeAnswer } }, config }, async (req) => {
    const u = req.user && !req.user.anonymous ? req.user : null;
    return { service: 'atrium' as const, message: u ? fillMsg(MSG.welcomeUser, { name: u.name }) : MSG.welcome, signedIn: !!u, name: u?.name ?? null };
  });

  r.delete('/api/v1/session', { schema: { summary: '退出登录', tags, response: { 200: okAnswer } }, config }, async (req, reply) => {
    await endSession(db, req, reply);
    return { ok: true as const, message: MSG.signedOut };
  });
}
