/**
 * Answers of the sign-in calls (spec 2 §7 'Login'; server/routes/signin): the signed-in user,
 * the ways a host offers, single sign-on settings (never the client secret), OAuth clients and the
 * user's active sessions.
 */
import { z } from 'zod';

// the signed-in user and a completed sign-in are the session calls' (common/contracts/auth.ts)
export { sessionUserAnswer, signedInAnswer, type SessionUser } from './auth.js';

/** The single sign-on settings as anyone may read them: the client secret is only said to exist. */
export const publicSsoAnswer = z
  .object({ issuer: z.string(), clientId: z.string(), scope: z.string().nullable(), hasClientSecret: z.boolean() })
  .describe('单点登录（OpenID Connect）设置');

/** Which ways of signing in this host offers. */
export const signinOptionsAnswer = z.object({
  sso: z.boolean().describe('本站配置了单点登录'),
  email: z.boolean().describe('可用邮箱验证码登录'),
  mailAllowSuffix: z.string().nullable().describe('允许的邮箱后缀'),
  applicationId: z.number().int().nullable().describe('这个地址对应的应用'),
});

/** The sign-in settings of an application after a change. */
export const signinSettingsAnswer = z.object({ oauthUri: publicSsoAnswer.nullable(), mailAllowSuffix: z.string().nullable(), message: z.string() });

/** An OAuth client for client login, as its application's managers see it. */
export const oauthClientAnswer = z.object({ clientId: z.string(), name: z.string(), applicationId: z.number().int(), oauthUri: publicSsoAnswer.nullable() });
export type OauthClient = z.infer<typeof oauthClientAnswer>;

/** An OAuth client as the client-login page reads it (anyone). */
export const oauthClientPublicAnswer = z.object({
  clientId: z.string(),
  name: z.string(),
  applicationId: z.number().int(),
  issuer: z.string().nullable().describe('身份提供方'),
});

/** One active session of the signed-in user (登录设备). */
export const activeSessionAnswer = z.object({
  id: z.string().describe('会话编号（令牌摘要的前 12 位）'),
  createdAt: z.string().describe('登录时间'),
  expiresAt: z.string().describe('有效期至'),
  current: z.boolean().describe('当前设备'),
  device: z.string().nullable().describe('浏览器与系统，如 Chrome 131 · Windows'),
  ip: z.string().nullable().describe('登录时的地址'),
});
export type ActiveSession = z.infer<typeof activeSessionAnswer>;
