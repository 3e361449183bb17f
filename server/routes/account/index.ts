/**
 * Account settings routes (spec 1 §2 /settings/account, spec 2 §7 'Application and account'). Every call
 * needs a signed-in user (401); a user acts only on their own account (403), super managers may read
 * any account's info.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { HttpError, badRequest, tooMany } from '../../http/errors.js';
import { hit } from '../../http/rateLimit.js';
import { requireUser } from '../../http/session.js';
import { checkCode } from '../../auth/service.js';
import { CODE_PER_ADDRESS_PER_MIN } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import {
  bindEmailBody,
  bindMobileBody,
  bindWechatBody,
  emailCodeBody,
  isRegisterQuery,
  profileBody,
  qrcodeQuery,
  scholarBody,
  scholarParams,
  scholarQuery,
  unbindBody,
  userIdParams,
  wechatScanBody,
} from './schema.js';
import { bindLogin, isRegistered, saveProfile, saveScholar, scholarById, unbindLogin, userInfo } from './service.js';
import { readableApplication } from '../applications/visibility.js';
import { emailTarget, mailProviderOf, sendEmailCode } from './mail.js';
import {
  DevWechatProvider,
  OfficialAccountWechatProvider,
  UnconfiguredWechatProvider,
  parseWechatEvent,
  wechatSignatureValid,
  type WechatProvider,
} from './wechat.js';

export default async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx;
  const mail = mailProviderOf(ctx);
  // the official account when configured; else the development provider, or none in production (decision 229)
  const wechat: WechatProvider =
    (ctx as AppContext & { wechat?: WechatProvider }).wechat ??
    (config.wechat ? new OfficialAccountWechatProvider(db, config.wechat) : config.production ? new UnconfiguredWechatProvider() : new DevWechatProvider());

  if (wechat instanceof OfficialAccountWechatProvider && config.wechat) {
    // The official account's message server (its URL is set to <site>/wechat/callback in the WeChat admin,
    // with ATRIUM_WECHAT_TOKEN): outside /api/, so neither the XSRF check nor request signing applies;
    // WeChat's own signature is checked instead.
    const token = config.wechat.token;
    const refused = () => new HttpError(403, 'wechat_signature', MSG.wechatSignatureInvalid);
    await app.register(async (scope) => {
      scope.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
      scope.get('/wechat/callback', async (req, reply) => {
        const q = req.query as Record<string, unknown>;
        if (!wechatSignatureValid(token, q) || typeof q.echostr !== 'string') throw refused();
        return reply.type('text/plain; charset=utf-8').send(q.echostr);
      });
      scope.post('/wechat/callback', async (req, reply) => {
        if (!wechatSignatureValid(token, req.query as Record<string, unknown>)) throw refused();
        const event = typeof req.body === 'string' ? parseWechatEvent(req.body) : null;
        if (event) await wechat.scanned(event);
        return reply.type('text/plain; charset=utf-8').send('success');
      });
    });
  }

  app.get('/api/v1/users/:id/info', async (req) => {
    const me = requireUser(req);
    const { id } = parse(userIdParams, req.params, 'params');
    return userInfo(db, me, id);
  });

  app.put('/api/v1/account/profile', async (req) => {
    const me = requireUser(req);
    const body = parse(profileBody, req.body);
    await saveProfile(db, me.id, body);
    return { ...(await userInfo(db, me, me.id)), message: MSG.accountProfileSaved };
  });

  app.put('/api/v1/account/bind/mobile', async (req) => {
    const me = requireUser(req);
    const body = parse(bindMobileBody, req.body);
    await checkCode(db, config.secret, `sms:${body.mobile_number}`, body.sms_code);
    await bindLogin(db, me.id, 'phone', body.mobile_number);
    return { ...(await userInfo(db, me, me.id)), message: MSG.accountBindDone };
  });

  app.put('/api/v1/account/bind/email/digits', async (req) => {
    requireUser(req);
    const body = parse(emailCodeBody, req.body);
    if (!(await hit(db, `mail-ip:${req.ip}`, CODE_PER_ADDRESS_PER_MIN, 60_000))) throw tooMany(MSG.sendTooOften);
    await sendEmailCode(db, config.secret, mail, body.email);
    return { ok: true, message: MSG.accountEmailCodeSent };
  });

  app.put('/api/v1/account/bind/email', async (req) => {
    const me = requireUser(req);
    const body = parse(bindEmailBody, req.body);
    const email = body.email.toLowerCase();
    await checkCode(db, config.secret, emailTarget(email), body.email_code);
    await bindLogin(db, me.id, 'email', email);
    return { ...(await userInfo(db, me, me.id)), message: MSG.accountBindDone };
  });

  const qrcode = async (req: { query: unknown; user: unknown } & Parameters<typeof requireUser>[0]) => {
    requireUser(req);
    const q = parse(qrcodeQuery, req.query, 'query');
    return wechat.createQr(q.client_name, q.client_id);
  };
  app.get('/api/v1/wechat/qrcode/', qrcode);
  app.get('/api/v1/wechat/qrcode', qrcode);

  if (!config.production && wechat instanceof DevWechatProvider) {
    // Development/test only: stands in for a person scanning the QR code (docs/decisions.md 162).
    app.post('/api/v1/wechat/dev/scan', async (req) => {
      const body = parse(wechatScanBody, req.body);
      if (!wechat.scan(body.ticket, body.openid)) throw badRequest(MSG.wechatTicketInvalid);
      return { ok: true };
    });
  }

  app.put('/api/v1/account/bind/wechat', async (req) => {
    const me = requireUser(req);
    const body = parse(bindWechatBody, req.body);
    const openid = await wechat.confirm(body.ticket);
    if (openid === null) throw badRequest(MSG.wechatTicketInvalid, { ticket: MSG.wechatTicketInvalid });
    if (openid === 'pending') throw badRequest(MSG.wechatTicketPending, { ticket: MSG.wechatTicketPending });
    await bindLogin(db, me.id, 'wechat_openid', openid);
    return { ...(await userInfo(db, me, me.id)), message: MSG.accountBindDone };
  });

  app.delete('/api/v1/account/unbind', async (req) => {
    const me = requireUser(req);
    const body = parse(unbindBody, req.body ?? req.query);
    await unbindLogin(db, me, body.uid, body.login_id);
    return { ...(await userInfo(db, me, me.id)), message: MSG.accountUnbindDone };
  });

  app.get('/api/v1/scholars/is-register', async (req) => {
    requireUser(req);
    const q = parse(isRegisterQuery, req.query, 'query');
    return isRegistered(db, q.key, q.value);
  });

  app.put('/api/v2/scholars', async (req) => {
    const me = requireUser(req);
    const body = parse(scholarBody, req.body);
    return { ...(await saveScholar(db, me.id, body)), message: MSG.scholarSaved };
  });

  /**
   * GET /api/v2/scholars/{id}?user_id=&app_id= (spec 2 §7; decision 297): public. `user_id`, when given,
   * must be the signed-in caller (401/403) and adds claimedByMe; `app_id` limits to the scholars of the
   * application's topic (a draft application answers 应用不存在 to all but its managers).
   */
  app.get('/api/v2/scholars/:id', async (req) => {
    const { id } = parse(scholarParams, req.params, 'params');
    const q = parse(scholarQuery, req.query, 'query');
    if (q.user_id !== undefined) {
      const me = requireUser(req);
      if (me.id !== q.user_id) throw new HttpError(403, 'forbidden', MSG.scholarClaimNotYours);
    }
    const topicId = q.app_id !== undefined ? (await readableApplication(db, q.app_id, req.user)).topic_id : undefined;
    return scholarById(db, id, { userId: q.user_id, topicId });
  });
}
