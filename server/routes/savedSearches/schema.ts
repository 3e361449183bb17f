/** Inputs of a reader's saved searches and search history (decisions 684-685). */
import { z } from 'zod';
import { applicationRef, recordId } from '../../http/fields.js';
import { MSG } from '../../../common/messages.js';

/** One site. */
export const savedSiteQuery = z.object({ applicationId: applicationRef });

/** A saved search's id in the path. */
export const savedParams = z.object({ id: recordId(MSG.savedSearchNotFound) });

/** A search to save: its site, name, /exploreV3 query string (checked as a search) and 每日提醒. */
export const savedSearchBody = z.object({
  applicationId: applicationRef,
  name: z.string({ error: MSG.savedSearchNameRequired }).max(200, MSG.savedSearchNameRequired),
  query: z.string({ error: MSG.advancedNeedsCondition }).max(4000, MSG.advancedConditionInvalid),
  notify: z.boolean().default(false),
});

/** A saved search's new name or 每日提醒. */
export const savedSearchPatch = z.object({
  name: z.string().max(200, MSG.savedSearchNameRequired).optional(),
  notify: z.boolean().optional(),
});
