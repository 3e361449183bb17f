/**
 * Answers of the account calls (spec 1 §2 /settings/account, spec 2 §7 'Application and account';
 * docs/decisions.md 160-163, 297; server/routes/account): the account, its ways to sign in, the WeChat
 * QR code and the scholar profile a user claims.
 */
import { z } from 'zod';
import { resourceItemAnswer, withMessage } from './common.js';

/** The scholar profile a user claims. */
export const claimedScholarAnswer = z.object({
  id: z.number().int().describe('学者资源的 id'),
  name: z.string(),
  institution: z.string(),
  research_field: z.string(),
});

/** GET /api/v1/users/{id}/info: the account (the user's own; any for a super manager). */
export const accountInfoAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  affiliation: z.string(),
  mobile: z.string().nullable().describe('绑定的手机号'),
  email: z.string().nullable().describe('绑定的邮箱'),
  wechat: z.string().nullable().describe('绑定的微信 openid'),
  scholar: claimedScholarAnswer.nullable().describe('认领的学者主页'),
});
export type AccountInfo = z.infer<typeof accountInfoAnswer>;

/** The account after a change, with the message shown. */
export const accountChangedAnswer = withMessage(accountInfoAnswer);

/** GET /api/v1/wechat/qrcode: a QR ticket for binding WeChat. */
export const wechatQrAnswer = z.object({
  ticket: z.string().describe('完成绑定时交回的票据'),
  url: z.string().describe('二维码中的地址'),
  expiresIn: z.number().int().describe('票据剩余有效时间（毫秒）'),
});

/** GET /api/v1/scholars/is-register. */
export const isRegisteredAnswer = z.object({
  registered: z.boolean().describe('是否已被认领'),
  scholarId: z.number().int().nullable().describe('已认领的学者；按姓名查时为第一个未认领的同名学者；都没有为 null'),
});

/** PUT /api/v2/scholars: the saved scholar profile. */
export const scholarSavedAnswer = withMessage(claimedScholarAnswer);

/** GET /api/v2/scholars/{id}: the scholar with its fields and whether it is claimed. */
export const scholarAnswer = resourceItemAnswer.extend({
  claimed: z.boolean().describe('是否已被某位用户认领'),
  claimedByMe: z.boolean().optional().describe('是否由 user_id 认领（仅在给出 user_id 时）'),
});
