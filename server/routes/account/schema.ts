/** Bodies and queries of the account calls (spec 2 §7 'Application and account'). */
import { z } from 'zod';
import { emailSchema, phoneSchema, smsCodeSchema } from '../../../common/validation.js';
import { MSG } from '../../../common/messages.js';

const noMarkup = (s: string) => !/[<>]/.test(s);

/** PUT /api/v1/account/profile: plain-text name (1-40) and affiliation (0-100). */
export const profileBody = z.object({
  name: z
    .string({ error: MSG.accountNameRequired })
    .trim()
    .min(1, MSG.accountNameRequired)
    .max(40, MSG.accountNameTooLong)
    .refine(noMarkup, MSG.accountNoMarkup),
  affiliation: z.string().trim().max(100, MSG.accountAffiliationTooLong).refine(noMarkup, MSG.accountNoMarkup).default(''),
});

export const bindMobileBody = z.object({ mobile_number: phoneSchema, sms_code: smsCodeSchema });

export const emailCodeBody = z.object({ email: emailSchema.max(200, MSG.emailInvalid) });

export const bindEmailBody = z.object({
  email: emailSchema.max(200, MSG.emailInvalid),
  email_code: z
    .string({ error: MSG.accountEmailCodeRequired })
    .trim()
    .min(1, MSG.accountEmailCodeRequired)
    .regex(/^\d{6}$/, MSG.codeInvalid),
});

const ticket = z.string({ error: MSG.wechatTicketInvalid }).trim().min(1, MSG.wechatTicketInvalid).max(100, MSG.wechatTicketInvalid);

export const bindWechatBody = z.object({ ticket });

/** Development-only: a ticket scanned by an openid. */
export const wechatScanBody = z.object({
  ticket,
  openid: z
    .string()
    .trim()
    .regex(/^[\w-]{6,64}$/, MSG.badRequest),
});

export const qrcodeQuery = z.object({
  client_name: z.string({ error: MSG.wechatClientRequired }).trim().min(1, MSG.wechatClientRequired).max(50, MSG.wechatClientRequired),
  client_id: z.string({ error: MSG.wechatClientRequired }).trim().min(1, MSG.wechatClientRequired).max(100, MSG.wechatClientRequired),
});

/** DELETE /api/v1/account/unbind: the user's id and the login id (phone number, e-mail or WeChat openid). */
export const unbindBody = z.object({
  uid: z.coerce.number({ error: MSG.userIdRequired }).int(MSG.userIdRequired).positive(MSG.userIdRequired),
  login_id: z.string({ error: MSG.accountLoginIdRequired }).trim().min(1, MSG.accountLoginIdRequired).max(200, MSG.accountLoginIdRequired),
});

/** Its query as declared: the same fields, each optional (a DELETE without a body names them in the query; checked with unbindBody). */
export const unbindQuery = unbindBody.partial();

export const userIdParams = z.object({ id: z.coerce.number({ error: MSG.userIdRequired }).int(MSG.userIdRequired).positive(MSG.userIdRequired) });

export const isRegisterQuery = z.object({
  key: z.enum(['phone', 'email', 'name'], { error: MSG.scholarKeyInvalid }),
  value: z.string({ error: MSG.scholarValueRequired }).trim().min(1, MSG.scholarValueRequired).max(200, MSG.scholarFieldTooLong),
});

const plain = (max: number) => z.string().trim().max(max, MSG.scholarFieldTooLong).refine(noMarkup, MSG.accountNoMarkup);

/** PUT /api/v2/scholars: the signed-in user's scholar profile; `scholarId` claims an existing scholar. */
export const scholarBody = z.object({
  scholarId: z.number().int().positive().optional(),
  name: z
    .string({ error: MSG.scholarNameRequired })
    .trim()
    .min(1, MSG.scholarNameRequired)
    .max(100, MSG.scholarFieldTooLong)
    .refine(noMarkup, MSG.accountNoMarkup),
  institution: plain(200).default(''),
  research_field: plain(200).default(''),
});

const optionalId = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message).optional();

/** GET /api/v2/scholars/{id}: the scholar's id (docs/decisions.md 297). */
export const scholarParams = z.object({
  id: z.coerce.number({ error: MSG.scholarNotFound }).int(MSG.scholarNotFound).min(1, MSG.scholarNotFound).max(2_147_483_647, MSG.scholarNotFound),
});
/** ?user_id= (the caller's own id: answers claimedByMe) & app_id= (the scholar must be in the application's topic) */
export const scholarQuery = z.object({ user_id: optionalId(MSG.userNotFound), app_id: optionalId(MSG.applicationNotFound) });

/** The query of the official account's message server (/wechat/callback): WeChat's signature, and `echostr` when it checks the URL. */
export const wechatCallbackQuery = z.looseObject({
  signature: z.string().max(100).optional(),
  timestamp: z.string().max(20).optional(),
  nonce: z.string().max(100).optional(),
  echostr: z.string().max(200).optional(),
});
