/** Inputs of the home config revision calls (revisions). */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';

/** Path of one application's revisions. */
export const appParams = z.object({ id: z.coerce.number({ error: MSG.applicationNotFound }).int().min(1).max(2_147_483_647) });

/** Path of one revision: the application id and the revision id (positive integers, else 400). */
export const revisionParams = appParams.extend({
  revisionId: z.coerce.number({ error: MSG.revisionNotFound }).int(MSG.revisionNotFound).min(1, MSG.revisionNotFound).max(2_147_483_647, MSG.revisionNotFound),
});

/** Paging of the revision list: page from 1, size 1..50 (default 10). */
export const revisionListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
});
