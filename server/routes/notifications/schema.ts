/** Inputs of the 站内信 calls (issue 29 §8; docs/decisions.md 580). */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { HELIX_PAGE_SIZE } from '../../../common/helix.js';
import { recordId } from '../../http/fields.js';

/** GET /api/v1/notifications: page, size (default 20), only unread (`unread=1`). */
export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(HELIX_PAGE_SIZE),
  unread: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** `/api/v1/notifications/{id}/read`: a notification id (a malformed one is 400 消息不存在). */
export const notificationParams = z.object({ id: recordId(MSG.notificationNotFound) });
