/** Answers of the sign-in and session calls (spec 2 §7 'Login'; server/routes/auth). */
import { z } from 'zod';

/** The signed-in person as the session calls show them (server/auth/service.ts presentUser). */
export const sessionUserAnswer = z.object({
  id: z.number().int(),
  uid: z.number().int().describe('同 id（规格 2 的字段名）'),
  name: z.string(),
  affiliation: z.string().describe('单位'),
  phone: z.string().nullable().describe('打码的手机号，如 138****8000；未绑定为 null'),
  role: z.string().describe('super：超级管理员；user：其他用户（应用管理员另见管理员列表）'),
  anonymous: z.boolean().describe('是否为匿名（指纹）访客'),
  tags: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserAnswer>;

/** GET /api/v1/session: who is signed in (null: nobody). */
export const sessionAnswer = z.object({ user: sessionUserAnswer.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswer>;

/** POST /api/v3/oauth/digits: signed in. */
export const signedInAnswer = z.object({ user: sessionUserAnswer, message: z.string().describe('给用户看的中文提示') });

/** GET /welcome: the service is up, and who is signed in (decision 298). */
export const welcomeAnswer = z.object({
  service: z.literal('atrium'),
  message: z.string().describe('问候语'),
  signedIn: z.boolean().describe('是否已登录（匿名访客不算）'),
  name: z.string().nullable().describe('已登录用户的姓名'),
});
