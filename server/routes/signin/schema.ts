/** Inputs of the sign-in calls (spec 1 §5, spec 2 §5, §7 'Login', 'Application and account'). */
import { z } from 'zod';
import { recordId } from '../../http/fields.js';
import { emailSchema, phoneSchema } from '../../../common/validation.js';
import { MSG } from '../../../common/messages.js';
import { plainText } from '../../../common/homeConfigSchema.js';

const email = emailSchema.max(254, MSG.emailInvalid).transform((s) => s.toLowerCase());

/** PUT /api/v1/oauth/email/digits */
export const emailCodeBody = z.object({ email });

/** POST /api/v1/oauth/email/digits; the code rule is spec 2 §5 'Email code: required, 6 digits'. */
export const emailSignInBody = z.object({
  email,
  email_code: z
    .string({ error: MSG.emailCodeRequired })
    .trim()
    .min(1, MSG.emailCodeRequired)
    .regex(/^\d{6}$/, MSG.codeInvalid),
});

/**
 * Single sign-on settings (docs/decisions.md 121): the OpenID provider's issuer URL, the client id
 * registered there, an optional client secret (confidential client) and optional extra scopes; each
 * refusal has its own message on its field (decision 201).
 */
export const ssoSettings = z.object(
  {
    issuer: z
      .string({ error: MSG.ssoIssuerRequired })
      .trim()
      .url(MSG.ssoIssuerInvalid)
      .regex(/^https?:\/\//, MSG.ssoIssuerInvalid)
      .max(500, MSG.ssoIssuerInvalid),
    clientId: z.string({ error: MSG.ssoClientIdRequired }).trim().min(1, MSG.ssoClientIdRequired).max(200, MSG.oauthUriInvalid),
    clientSecret: z.string().max(500, MSG.oauthUriInvalid).optional(),
    scope: z
      .string()
      .trim()
      .regex(/^[\w:.\- ]{0,200}$/, MSG.ssoScopeInvalid)
      .optional(),
  },
  { error: MSG.oauthUriInvalid },
);
export type SsoSettings = z.infer<typeof ssoSettings>;

/** 'pku.edu.cn, @mail.example.cn' → ['pku.edu.cn', 'mail.example.cn']; blank → null (everyone). */
const suffixList = z
  .string()
  .trim()
  .max(500, MSG.mailSuffixInvalid)
  .transform((s, ctx) => {
    const parts = s
      .split(/[,，;；\s]+/)
      .map((p) =>
        p
          .trim()
          .toLowerCase()
          .replace(/^[@.]+/, ''),
      )
      .filter(Boolean);
    if (parts.some((p) => !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(p))) {
      ctx.addIssue({ code: 'custom', message: MSG.mailSuffixInvalid });
      return z.NEVER;
    }
    return parts.length ? parts.join(',') : null;
  });

/** PUT /api/v1/applications/{id}/oauth-uri (spec 2 §7): null or '' turns SSO off. */
export const oauthUriBody = z.object({
  oauthUri: z.preprocess((v) => (v === '' ? null : v), ssoSettings.nullable()).optional(),
  mailAllowSuffix: suffixList.nullable().optional(),
});

/** POST /api/v1/applications/{id}/oauth/clients: an OAuth client for client login (docs/decisions.md 123, 201: the name is plain text). */
export const oauthClientBody = z.object({
  clientId: z
    .string()
    .trim()
    .regex(/^[\w-]{1,64}$/, MSG.oauthClientIdInvalid),
  name: plainText(100, MSG.oauthClientNameRequired),
  oauthUri: ssoSettings,
});

export const idParams = z.object({ id: recordId(MSG.applicationNotFound) });
export const clientIdParams = z.object({ id: z.string().regex(/^[\w-]{1,64}$/, MSG.oauthClientIdInvalid) });
export const appClientParams = z.object({ id: recordId(MSG.applicationNotFound), clientId: z.string().regex(/^[\w-]{1,64}$/, MSG.oauthClientIdInvalid) });

/** GET /api/v1/oauth/sso/start */
export const ssoStartQuery = z.object({
  redirect: z.string().max(2000).optional(),
  client_id: z
    .string()
    .regex(/^[\w-]{1,64}$/, MSG.oauthClientIdInvalid)
    .optional(),
});

/** GET /api/v1/oauth/sso/callback (the provider's answer) */
export const ssoCallbackQuery = z
  .object({
    state: z.string().max(200).optional(),
    code: z.string().max(2000).optional(),
    error: z.string().max(200).optional(),
  })
  .passthrough();

/** POST /api/v1/oauth/login-info */
export const loginInfoBody = z.object({
  loginInfo: z.string({ error: MSG.loginInfoInvalid }).trim().min(1, MSG.loginInfoInvalid).max(4096, MSG.loginInfoInvalid),
});

/**
 * POST /toolsApi/userLogin/login (spec 2 §7 'Login': mobile, name, institution, avatar; decision 298): the
 * sealed `loginInfo` of the link is required (plain fields alone would let anyone sign in as any phone);
 * the plain fields, when sent, must agree with the sealed ones. `avatar` is accepted and not stored.
 */
export const toolsLoginBody = loginInfoBody.extend({
  mobile: phoneSchema.optional(),
  name: z.string({ error: MSG.invalidInput }).trim().max(50, MSG.invalidInput).optional(),
  institution: z.string({ error: MSG.invalidInput }).trim().max(100, MSG.invalidInput).optional(),
  avatar: z.string({ error: MSG.invalidInput }).trim().max(2000, MSG.invalidInput).optional(),
});

/** GET /web/oauth/signin/simple?redirect= (decision 298): where to come back to, a path of the site. */
export const simpleSigninQuery = z.object({ redirect: z.string({ error: MSG.invalidInput }).max(2000, MSG.invalidInput).optional() });

/** The decrypted login-info payload (spec 1 §6): phone, name, institution, expiry in Unix seconds. */
export const loginInfoPayload = z.object({
  mobile: phoneSchema,
  name: z.string().trim().max(50).optional(),
  institution: z.string().trim().max(100).optional(),
  exp: z.number().int().positive(),
});

/** POST /api/v1/users/anonymous: the FingerprintJS visitor id (32 hex characters; other ids up to 128 word characters). */
export const anonymousBody = z.object({ fingerprint: z.string({ error: MSG.fingerprintInvalid }).regex(/^[\w-]{8,128}$/, MSG.fingerprintInvalid) });

/** DELETE /api/v1/sessions/{id}: a session's public id (12 hex digits, as GET /api/v1/sessions lists it). */
export const sessionIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{12}$/, MSG.sessionNotFound) });
