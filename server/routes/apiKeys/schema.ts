/** Shapes of the public API keys' management (server/routes/apiKeys; docs/decisions.md 631-632). */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { recordId } from '../../http/fields.js';
import { KEY_PER_MINUTE_DEFAULT, KEY_PER_MINUTE_MAX, KEY_PER_MINUTE_MIN, PUBLIC_API_SCOPES } from '../../../common/publicApi.js';

export const appParams = z.object({ id: recordId(MSG.applicationNotFound) });
export const keyParams = appParams.extend({ keyId: recordId(MSG.apiKeyNotFound) });

/** A new key: its name (1-50 characters), its scopes (at least one group), its limit a minute. */
export const createKeyBody = z.object({
  name: z
    .string({ error: MSG.apiKeyNameRequired })
    .trim()
    .min(1, MSG.apiKeyNameRequired)
    .max(50, MSG.apiKeyNameTooLong)
    .refine((s) => !/[\u0000-\u001f\u007f<>]/.test(s), MSG.apiKeyNameInvalid),
  scopes: z
    .array(z.enum(PUBLIC_API_SCOPES, { error: MSG.apiKeyScopeUnknown }), { error: MSG.apiKeyScopesRequired })
    .min(1, MSG.apiKeyScopesRequired)
    .max(PUBLIC_API_SCOPES.length, MSG.apiKeyScopeUnknown),
  ratePerMinute: z.coerce
    .number({ error: MSG.apiKeyRateInvalid })
    .int(MSG.apiKeyRateInvalid)
    .min(KEY_PER_MINUTE_MIN, MSG.apiKeyRateInvalid)
    .max(KEY_PER_MINUTE_MAX, MSG.apiKeyRateInvalid)
    .default(KEY_PER_MINUTE_DEFAULT),
});
