/**
 * Sign-in by SMS code (spec 2 §7 'Login'): PUT /api/v3/oauth/digits sends a code, POST signs in.
 * GET /api/v1/session tells who is signed in; DELETE /api/v1/session signs out.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { HttpError, tooMany } from '../../http/errors.js';
import { hit } from '../../http/rateLimit.js';
import { endSession, startSession } from '../../http/session.js';
import { requestCodeBody, signInBody } from './schema.js';
import { checkCode, dropLatestCode, issueCode, presentUser, userByPhone } from '../../auth/service.js';
import { CODE_PER_ADDRESS_PER_MIN } from '../../../common/constants.js';
import { MSG, fillMsg } from '../../../common/messages.js';

export default async function authRoutes(app: FastifyInstance, { db, config, sms }: AppContext) {
  app.put('/api/v3/oauth/digits', async (req) => {
    const body = parse(requestCodeBody, req.body);
    if (!(await hit(db, `sms-ip:${req.ip}`, CODE_PER_ADDRESS_PER_MIN, 60_000))) throw tooMany(MSG.sendTooOften);
    const target = `sms:${body.mobile_number}`;
    const code = await issueCode(db, config.secret, target);
    try {
      await sms.send(body.mobile_number, `【Atrium】您的登录验证码是 ${code}，5 分钟内有效。如非本人操作，请忽略本短信。`);
    } catch (err) {
      await dropLatestCode(db, target);
      req.log.error({ err: (err as Error).message }, 'sms send failed');
      throw new HttpError(502, 'sms_failed', MSG.smsFailed);
    }
    return { ok: true, message: MSG.codeSent };
  });

  app.post('/api/v3/oauth/digits', async (req, reply) => {
    const body = parse(signInBody, req.body);
    if (!(await hit(db, `signin-ip:${req.ip}`, 30, 60_000))) throw tooMany();
    await checkCode(db, config.secret, `sms:${body.mobile_number}`, body.sms_code);
    const user = await userByPhone(db, body.mobile_number);
    await startSession(db, reply, user.id, config.sessionTtlMs, config.secureCookies);
    return { user: presentUser(user), message: MSG.signedIn };
  });

  app.get('/api/v1/session', async (req) => ({ user: req.user ? presentUser(req.user) : null }));

  /**
   * GET /welcome (spec 2 §7, payload none, answer not shown; decision 298): a greeting that tells the
   * service is up and who is signed in: { service, message, signedIn, name }. Public.
   */
  app.get('/welcome', async (req) => {
    const u = req.user && !req.user.anonymous ? req.user : null;
    return { service: 'atrium', message: u ? fillMsg(MSG.welcomeUser, { name: u.name }) : MSG.welcome, signedIn: !!u, name: u?.name ?? null };
  });

  app.delete('/api/v1/session', async (req, reply) => {
    await endSession(db, req, reply);
    return { ok: true, message: MSG.signedOut };
  });
}
