/** Inputs of the personal-centre calls (issue 29 §9; docs/decisions.md 583-586). */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { HELIX_PAGE_SIZE, HELIX_SECTIONS, NOTIFY_GROUPS, READER_ITEM_TYPES } from '../../../common/helix.js';
import { isSitePath } from '../../../common/safePath.js';
import { applicationRef, recordId } from '../../http/fields.js';

const page = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(HELIX_PAGE_SIZE),
};

/** A list of one site's rows: the site, page, size (default 20). */
export const siteListQuery = z.object({ applicationId: applicationRef, ...page });

/** One site. */
export const siteQuery = z.object({ applicationId: applicationRef });

const targetType = z.enum(READER_ITEM_TYPES, { error: MSG.helixTargetTypeInvalid });
const targetId = z.coerce.string({ error: MSG.helixTargetIdRequired }).trim().min(1, MSG.helixTargetIdRequired).max(100, MSG.helixTargetIdRequired);

/** Which item: the site, its type and id. */
export const itemQuery = z.object({ applicationId: applicationRef, targetType, targetId });

/**
 * An item a detail page names (收藏, a view): the site, its type and id, its title (plain text, control
 * characters dropped, ≤ 200) and its path on the site (decision 583).
 */
export const itemBody = z.object({
  applicationId: applicationRef,
  targetType,
  targetId,
  title: z
    .string({ error: MSG.helixTitleRequired })
    .transform((s) => s.replace(/[\u0000-\u001f\u007f]/g, ' ').trim())
    .pipe(z.string().min(1, MSG.helixTitleRequired).max(200, MSG.helixTitleRequired)),
  link: z
    .string({ error: MSG.helixLinkInvalid })
    .max(500, MSG.helixLinkInvalid)
    .refine((s) => s.startsWith('/') && isSitePath(s), MSG.helixLinkInvalid),
});

/** `/api/v1/helix/favorites/{id}`. */
export const favoriteParams = z.object({ id: recordId(MSG.favoriteNotFound) });

/** PUT /api/v1/helix/settings: the groups whose e-mail is off, whether the history is off. */
export const readerSettingsBody = z.object({
  mailOff: z.array(z.enum(NOTIFY_GROUPS, { error: MSG.readerSettingsMailGroupsInvalid })).max(NOTIFY_GROUPS.length),
  historyOff: z.boolean(),
});

/** `/api/v1/applications/{id}/helix`. */
export const helixAppParams = z.object({ id: applicationRef });

/** PUT /api/v1/applications/{id}/helix: the sections that are off. */
export const helixSectionsBody = z.object({
  off: z.array(z.enum(HELIX_SECTIONS, { error: MSG.helixSectionInvalid })).max(HELIX_SECTIONS.length),
});
