/** Inputs of the calls of 学者认证与成果认领 (issue 29 §6; docs/decisions.md 650-656). */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { plainText } from '../../../common/homeConfigSchema.js';
import { applicationRef, recordId } from '../../http/fields.js';
import {
  FRUIT_APPEAL_MODES,
  FRUIT_REASON_MAX,
  SCHOLAR_BIO_MAX,
  SCHOLAR_LINKS_MAX,
  SCHOLAR_LINK_TITLE_MAX,
  SCHOLAR_NOTE_MAX,
} from '../../../common/scholarClaims.js';

const scholarId = z.number({ error: MSG.scholarNotFound }).int(MSG.scholarNotFound).positive(MSG.scholarNotFound);
const email = z.string().trim().max(200, MSG.scholarClaimEmailInvalid).email(MSG.scholarClaimEmailInvalid);
const note = plainText(SCHOLAR_NOTE_MAX).optional();

/** POST /api/v1/scholar-claims/code: the address to mail the code to. */
export const claimCodeBody = z.object({ applicationId: applicationRef, scholarId, email });

/** POST /api/v1/scholar-claims: a claim with its evidence. */
export const claimBody = z.discriminatedUnion(
  'evidence',
  [
    z.object({
      applicationId: applicationRef,
      scholarId,
      evidence: z.literal('email'),
      email,
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, MSG.scholarClaimCodeFormat),
      note,
    }),
    z.object({
      applicationId: applicationRef,
      scholarId,
      evidence: z.literal('document'),
      // 5 MB of base64 is about 6.7 million characters
      document: z.object({ name: z.string().max(300), data: z.string().min(1, MSG.scholarClaimDocumentType).max(7_000_000, MSG.scholarClaimDocumentType) }),
      note,
    }),
  ],
  { error: MSG.scholarClaimEvidenceInvalid },
);

const link = z.object({
  title: plainText(SCHOLAR_LINK_TITLE_MAX, MSG.scholarLinkTitleRequired),
  url: z
    .string()
    .trim()
    .max(500, MSG.scholarLinkUrlInvalid)
    .regex(/^https?:\/\/[^\s<>"]+$/i, MSG.scholarLinkUrlInvalid),
});

/** PUT /api/v1/scholar-claims/profile: the biography and links to review. */
export const profileBody = z.object({
  applicationId: applicationRef,
  biography: plainText(SCHOLAR_BIO_MAX),
  links: z.array(link).max(SCHOLAR_LINKS_MAX, MSG.scholarLinksTooMany).default([]),
});

/** POST /api/v1/fruit-appeals: 认领 or 申诉 of an output. */
export const fruitAppealBody = z.object({
  applicationId: applicationRef,
  resourceId: z.number({ error: MSG.fruitNotFound }).int(MSG.fruitNotFound).positive(MSG.fruitNotFound),
  mode: z.enum(FRUIT_APPEAL_MODES, { error: MSG.fruitModeInvalid }),
  reason: plainText(FRUIT_REASON_MAX).optional(),
});

/** Ids in the path. */
export const scholarParams = z.object({ id: recordId(MSG.scholarNotFound) });
export const requestParams = z.object({ id: recordId(MSG.submissionNotFound) });
export const outputParams = z.object({ id: recordId(MSG.fruitNotFound) });
