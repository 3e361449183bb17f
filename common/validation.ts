/**
 * Validators shared by the sign-in forms and the server (spec 1 §5, spec 2 §5).
 */
import { z } from 'zod';
import { MSG } from './messages.js';

/** Mainland China mobile numbers: 11 digits starting 13-19. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
export const SIX_DIGITS = /^\d{6}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const phoneSchema = z.string({ error: MSG.phoneRequired }).trim().min(1, MSG.phoneRequired).regex(MAINLAND_MOBILE, MSG.phoneInvalid);

export const smsCodeSchema = z.string({ error: MSG.smsCodeRequired }).trim().min(1, MSG.smsCodeRequired).regex(SIX_DIGITS, MSG.codeInvalid);

export const emailSchema = z.string({ error: MSG.emailRequired }).trim().min(1, MSG.emailRequired).regex(EMAIL, MSG.emailInvalid);

/** Country code of the SMS calls: only mainland China ('86' or '+86') is served. */
export const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^\+?86$/, MSG.phoneInvalid)
  .default('86');

/**
 * A site's host name as the browser sends it in the Host header: lower-case labels, optional port
 * (the same rule the server applies to applications).
 */
export const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;

/**
 * The typed text of a suggestion call (applications, scholars, conferences): 1-50
 * characters after trimming, else 请输入检索词 / 检索词不能超过 50 个字符.
 */
export const suggestText = z.string({ error: MSG.suggestQueryRequired }).trim().min(1, MSG.suggestQueryRequired).max(50, MSG.suggestQueryTooLong);
