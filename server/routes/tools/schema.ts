/** Query of GET /tools (spec 2 §7 'GET /tools appid'): the tools of an application's topic. */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';

const toolId = z.coerce.number({ error: MSG.toolIdsInvalid }).int(MSG.toolIdsInvalid).min(1, MSG.toolIdsInvalid).max(2_147_483_647, MSG.toolIdsInvalid);

export const toolsQuery = z.object({
  appid: z.coerce.number({ error: MSG.toolAppIdInvalid }).int(MSG.toolAppIdInvalid).min(1, MSG.toolAppIdInvalid).max(2_147_483_647, MSG.toolAppIdInvalid),
  /** only these tools, in this order (a panel's chosen tools); repeated key or one value */
  ids: z
    .preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(toolId, { error: MSG.toolIdsInvalid }).max(50, MSG.toolIdsInvalid))
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
