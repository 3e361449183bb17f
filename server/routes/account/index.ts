/**
 * Account settings routes (spec 1 §2 /settings/account, spec 2 §7 'Application and account'). Every call
 * needs a signed-in user (401); a user acts only on their own account (403), super managers may read
 * any account's info.
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { z } from 'zod';
import { currentUser, declared } from '../../http/contract.js';
import { noRows, ownRows, readableResources, resourceRows } from '../../policies/rows.js';
import { parse } from '../../http/parse.js';
import { HttpError, badRequest, tooMany } from '../../http/errors.js';
import { hit } from '../../http/rateLimit.js';
import {
  accountAccess,
  namesOtherUser,
  namesUser,
  publicAccess,
  publicUnless,
  rawFields,
  selfAccess,
  selfAccountAccess,
  signedInAccess,
  superAccess,
} from '../../policies/access.js';
import { siteRequiresSignin } from '../../policies/detailSignin.js';
import { okAnswer } from '../../../common/contracts/common.js';
import {
  accountChangedAnswer,
  accountInfoAnswer,
  isRegisteredAnswer,
  scholarAnswer,
  scholarSavedAnswer,
  wechatQrAnswer,
} from '../../../common/contracts/account.js';
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
  unbindQuery,
  userIdParams,
  wechatCallbackQuery,
  wechatScanBody,
} from './schema.js';
import { bindLogin, isRegistered, saveProfile, saveScholar, scholarById, unbindLogin, userInfo } from './service.js';
import { readableApplication } from '../../policies/visibility.js';
import { emailTarget, mailProviderOf, sendEmailCode } from './mail.js';
import {
  DevWechatProvider,
  OfficialAccountWechatProvider,
  UnconfiguredWechatProvider,
  parseWechatEvent,
  wechatSignatureValid,
  type WechatProvider,
} from './wechat.js';

/** 详情页需登录 of the host's site or of the one `app_id` names. */
const scholarSiteRequiresSignin = siteRequiresSignin((req) => rawFields(req.query).app_id);

const tags = ['账号设置'];
/** the caller's own account: a reader awaiting a site's approval manages it too (decision 658) */
const signedIn = { access: accountAccess(), rows: ownRows };

/** DELETE /api/v1/account/unbind's raw `uid`: the body's when there is a body, else the query's (as the handler reads them). */
const unbindUid = (req: FastifyRequest) => rawFields(req.body ?? req.query).uid;

export default async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx;
  const r = declared(app);
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
      // text answers, not JSON: access and query declared, no answer schema
      const callback = { summary: '公众号消息服务器（微信签名校验）', tags, querystring: wechatCallbackQuery };
      declared(scope).get('/wechat/callback', { schema: callback, config: { access: publicAccess } }, async (req, reply) => {
        const q = req.query;
        if (!wechatSignatureValid(token, q) || typeof q.echostr !== 'string') throw refused();
        return reply.type('text/plain; charset=utf-8').send(q.echostr);
      });
      declared(scope).post('/wechat/callback', { schema: callback, config: { access: publicAccess } }, async (req, reply) => {
        if (!wechatSignatureValid(token, req.query)) throw refused();
        const event = typeof req.body === 'string' ? parseWechatEvent(req.body) : null;
        if (event) await wechat.scanned(event);
        return reply.type('text/plain; charset=utf-8').send('success');
      });
    });
  }

  r.get(
    '/api/v1/users/:id/info',
    {
      schema: { summary: '账号信息（本人的；超级管理员可读任何人的）', tags, params: userIdParams, response: { 200: accountInfoAnswer } },
      // another user's: a super manager only (403 没有权限执行此操作)
      config: {
        rows: ownRows,
        access: accountAccess({ when: namesOtherUser((req) => rawFields(req.params).id), access: superAccess, whenText: MSG.accessWhenOtherUser }),
      },
    },
    async (req) => userInfo(db, req.params.id),
  );

  r.put(
    '/api/v1/account/profile',
    { schema: { summary: '修改姓名与单位', tags, body: profileBody, response: { 200: accountChangedAnswer } }, config: signedIn },
    async (req) => {
      const me = currentUser(req);
      await saveProfile(db, me.id, req.body);
      return { ...(await userInfo(db, me.id)), message: MSG.accountProfileSaved };
    },
  );

  r.put(
    '/api/v1/account/bind/mobile',
    { schema: { summary: '以短信验证码绑定手机号', tags, body: bindMobileBody, response: { 200: accountChangedAnswer } }, config: signedIn },
    async (req) => {
      const me = currentUser(req);
      const body = req.body;
      await checkCode(db, config.secret, `sms:${body.mobile_number}`, body.sms_code, { address: req.ip });
      await bindLogin(db, me.id, 'phone', body.mobile_number);
      return { ...(await userInfo(db, me.id)), message: MSG.accountBindDone };
    },
  );

  r.put(
    '/api/v1/account/bind/email/digits',
    { schema: { summary: '向邮箱发送绑定验证码', tags, body: emailCodeBody, response: { 200: okAnswer } }, config: signedIn },
    async (req) => {
      if (!(await hit(db, `mail-ip:${req.ip}`, CODE_PER_ADDRESS_PER_MIN, 60_000))) throw tooMany(MSG.sendTooOften);
      await sendEmailCode(db, config.secret, mail, req.body.email);
      return { ok: true as const, message: MSG.accountEmailCodeSent };
    },
  );

  r.put(
    '/api/v1/account/bind/email',
    { schema: { summary: '以邮件验证码绑定邮箱', tags, body: bindEmailBody, response: { 200: accountChangedAnswer } }, config: signedIn },
    async (req) => {
      const me = currentUser(req);
      const email = req.body.email.toLowerCase();
      await checkCode(db, config.secret, emailTarget(email), req.body.email_code, { address: req.ip });
      await bindLogin(db, me.id, 'email', email);
      return { ...(await userInfo(db, me.id)), message: MSG.accountBindDone };
    },
  );

  for (const url of ['/api/v1/wechat/qrcode/', '/api/v1/wechat/qrcode']) {
    r.get(url, { schema: { summary: '绑定微信的二维码', tags, querystring: qrcodeQuery, response: { 200: wechatQrAnswer } }, config: signedIn }, async (req) =>
      wechat.createQr(req.query.client_name, req.query.client_id),
    );
  }

  if (!config.production && wechat instanceof DevWechatProvider) {
    // Development/test only: stands in for a person scanning the QR code (docs/decisions.md 162).
    r.post(
      '/api/v1/wechat/dev/scan',
      {
        schema: { summary: '（仅开发环境）模拟扫码', tags, body: wechatScanBody, response: { 200: z.object({ ok: z.literal(true) }) } },
        config: { rows: noRows, access: publicAccess },
      },
      async (req) => {
        if (!wechat.scan(req.body.ticket, req.body.openid)) throw badRequest(MSG.wechatTicketInvalid);
        return { ok: true as const };
      },
    );
  }

  r.put(
    '/api/v1/account/bind/wechat',
    { schema: { summary: '扫码后完成微信绑定', tags, body: bindWechatBody, response: { 200: accountChangedAnswer } }, config: signedIn },
    async (req) => {
      const me = currentUser(req);
      const openid = await wechat.confirm(req.body.ticket);
      if (openid === null) throw badRequest(MSG.wechatTicketInvalid, { ticket: MSG.wechatTicketInvalid });
      if (openid === 'pending') throw badRequest(MSG.wechatTicketPending, { ticket: MSG.wechatTicketPending });
      await bindLogin(db, me.id, 'wechat_openid', openid);
      return { ...(await userInfo(db, me.id)), message: MSG.accountBindDone };
    },
  );

  r.delete(
    '/api/v1/account/unbind',
    {
      schema: {
        summary: '解绑一种登录方式（uid、login_id 在请求体或查询中）',
        tags,
        querystring: unbindQuery,
        body: unbindBody.optional(),
        response: { 200: accountChangedAnswer },
      },
      // one's own ways to sign in only: another uid is 403 没有权限执行此操作, before the body is checked
      config: { access: selfAccountAccess(unbindUid, 'uid') },
    },
    async (req) => {
      const me = currentUser(req);
      // the body when there is one, else the query (400 naming body.uid / body.login_id when it lacks them)
      const body = req.body ?? parse(unbindBody, req.query);
      await unbindLogin(db, me.id, body.login_id);
      return { ...(await userInfo(db, me.id)), message: MSG.accountUnbindDone };
    },
  );

  r.get(
    '/api/v1/scholars/is-register',
    {
      schema: { summary: '按手机号、邮箱或姓名查学者是否已被认领', tags, querystring: isRegisterQuery, response: { 200: isRegisteredAnswer } },
      config: signedIn,
    },
    async (req) => isRegistered(db, req.query.key, req.query.value),
  );

  r.put(
    '/api/v2/scholars',
    // a scholar page is the site's content: a reader awaiting approval waits for it too
    {
      schema: { summary: '保存本人的学者主页（可认领已有学者）', tags, body: scholarBody, response: { 200: scholarSavedAnswer } },
      config: { access: signedInAccess, rows: ownRows },
    },
    async (req) => ({ ...(await saveScholar(db, currentUser(req).id, req.body)), message: MSG.scholarSaved }),
  );

  /**
   * GET /api/v2/scholars/{id}?user_id=&app_id= (spec 2 §7; decision 297): public. `user_id`, when given,
   * must be the signed-in caller (401/403) and adds claimedByMe; `app_id` limits to the scholars of the
   * application's topic (a draft application answers 应用不存在 to all but its managers).
   */
  r.get(
    '/api/v2/scholars/:id',
    {
      schema: { summary: '一位学者（及是否已被认领）', tags, params: scholarParams, querystring: scholarQuery, response: { 200: scholarAnswer } },
      // with user_id: the signed-in caller's own (401, then 403 只能查询自己的学者认证状态)
      config: {
        // …and signed-in only on a site with 详情页需登录 on: selfAccess without user_id is a signed-in person
        access: publicUnless({
          when: (req, db) => namesUser((r) => rawFields(r.query).user_id)(req) || scholarSiteRequiresSignin(req, db),
          access: selfAccess((req) => rawFields(req.query).user_id, 'user_id', MSG.scholarClaimNotYours),
          whenText: MSG.accessWhenUserIdOrDetailSignin,
        }),
        rows: resourceRows,
      },
    },
    async (req) => {
      const q = req.query;
      const topicId = q.app_id !== undefined ? (await readableApplication(req.scope, q.app_id)).topic_id : undefined;
      return scholarById(db, req.params.id, { userId: q.user_id, topicId, rows: readableResources(req) });
    },
  );
}
