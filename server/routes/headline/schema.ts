/**
 * Inputs of the news domain list and the headline calls (spec 2 §7 'Application and account';
 * docs/decisions.md 294).
 */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';

/** The most domains a user follows; the longest domain label. */
export const HEADLINE_MAX_DOMAINS = 20;
export const HEADLINE_DOMAIN_MAX = 50;

const userId = z.coerce
  .number({ error: MSG.headlineUserRequired })
  .int(MSG.headlineUserRequired)
  .min(1, MSG.headlineUserRequired)
  .max(2_147_483_647, MSG.headlineUserRequired);

/** GET /toolsApi/headline/getByUserId?userId= */
export const headlineQuery = z.object({ userId });

/** POST /toolsApi/headline/save { userId, domains } */
export const headlineBody = z.object({
  userId,
  domains: z
    .array(
      z
        .string({ error: MSG.headlineDomainInvalid })
        .trim()
        .min(1, MSG.headlineDomainInvalid)
        .max(HEADLINE_DOMAIN_MAX, MSG.headlineDomainInvalid)
        .regex(/^[^<>]*$/, MSG.headlineDomainInvalid),
      { error: MSG.headlineDomainsRequired },
    )
    .max(HEADLINE_MAX_DOMAINS, MSG.headlineTooMany),
});
