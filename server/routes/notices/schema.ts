/**
 * Inputs of the notice calls (spec 2 §7 'Content'; fields of spec 1 §3 'Notice'; rules of spec 1 §5).
 * The content is sanitised in the service (server/content/sanitize.ts), not here.
 */
import { z } from 'zod';
import { plainText } from '../../../common/homeConfigSchema.js';
import { MSG } from '../../../common/messages.js';
import { NOTICE_TYPES } from '../../../common/constants.js';
import { contentCreateFields, contentListQuery, contentUpdateFields, flag, moduleRef, publishTime } from '../../http/fields.js';

/** Raw editor HTML; at most 500,000 characters before sanitising. */
const content = z.string({ error: MSG.noticeContentRequired }).max(500_000, MSG.noticeContentTooLong);

const noticeFields = {
  title: plainText(200, MSG.noticeTitleRequired),
  type: z.enum(NOTICE_TYPES, { error: MSG.noticeTypeInvalid }),
  content,
  top: flag,
  active: flag,
  publishDateTime: publishTime,
  moduleId: moduleRef,
  /** 附件仅限有下载权限的用户下载 (decision 213): 0/1, default 0 (attachments public, as before) */
  restrictDownload: flag,
};

/** POST /api/v1/notices: the notice (type defaults to 消息公告, top 0, active 1). */
export const createNoticeBody = z.object({
  ...noticeFields,
  ...contentCreateFields,
  type: noticeFields.type.default('消息公告'),
  /** absent: the application's restrictDownloadDefault (decision 227) */
  restrictDownload: flag.optional(),
});

/** PUT /api/v1/notices/{id}: any of the fields; the application cannot change. */
export const updateNoticeBody = z.object({
  title: noticeFields.title.optional(),
  type: noticeFields.type.optional(),
  content: content.optional(),
  ...contentUpdateFields,
  restrictDownload: flag.optional(),
});

/** GET /api/v1/notices (spec 2 §3 'Notice filter'). */
export const noticeListQuery = contentListQuery.extend({
  type: z
    .enum(NOTICE_TYPES, { error: MSG.noticeTypeInvalid })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const noticeIdParams = z.object({ id: z.coerce.number({ error: MSG.noticeNotFound }).int().min(1).max(2_147_483_647) });
