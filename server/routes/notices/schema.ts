/**
 * Inputs of the notice calls (spec 2 §7 'Content'; fields of spec 1 §3 'Notice'; rules of spec 1 §5).
 * The content is sanitised in the service (server/content/sanitize.ts), not here.
 */
import { z } from 'zod';
import { plainText } from '../../../common/homeConfigSchema.js';
import { MSG } from '../../../common/messages.js';
import { ACTIVE_ANY, NOTICE_TYPES } from '../../../common/constants.js';

/** A 0/1 flag; true/false and '0'/'1' are accepted too (spec 1 §3 top, active). */
export const flag = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(['0', '1'])], { error: MSG.flagInvalid })
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));

/** A publish time: an ISO-8601 date-time (or 'yyyy-MM-dd HH:mm:ss', read as UTC), stored as ISO UTC. */
export const publishTime = z
  .string({ error: MSG.publishTimeRequired })
  .trim()
  .min(1, MSG.publishTimeRequired)
  .max(40)
  .transform((s, ctx) => {
    const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(s) ? `${s.replace(' ', 'T')}Z` : s;
    const d = /^\d{4}-\d{2}-\d{2}([T ].*)?$/.test(iso) ? new Date(iso) : new Date(NaN);
    if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1900 || d.getUTCFullYear() > 9999) {
      ctx.addIssue({ code: 'custom', message: MSG.publishTimeInvalid });
      return z.NEVER;
    }
    return d.toISOString();
  });

export const applicationRef = z.coerce
  .number({ error: MSG.applicationIdRequired })
  .int(MSG.applicationIdRequired)
  .min(1, MSG.applicationIdRequired)
  .max(2_147_483_647, MSG.applicationIdRequired);

/** A module id of the home config (modules/*: generated ids), or null for none. */
export const moduleRef = z
  .string()
  .trim()
  .max(80)
  .regex(/^[\w-]*$/, MSG.invalidInput)
  .nullish()
  .transform((v) => (v ? v : null));

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
  type: noticeFields.type.default('消息公告'),
  top: flag.default(0),
  active: flag.default(1),
  /** absent: the application's restrictDownloadDefault (decision 227) */
  restrictDownload: flag.optional(),
  applicationId: applicationRef,
});

/** PUT /api/v1/notices/{id}: any of the fields; the application cannot change. */
export const updateNoticeBody = z.object({
  title: noticeFields.title.optional(),
  type: noticeFields.type.optional(),
  content: content.optional(),
  top: flag.optional(),
  active: flag.optional(),
  publishDateTime: publishTime.optional(),
  moduleId: moduleRef.optional(),
  restrictDownload: flag.optional(),
});

/** An active filter: 1, 0 or -1 (no filter, the default; spec 1 §4). */
export const activeFilter = z.coerce
  .number()
  .int()
  .refine((n) => n === 1 || n === 0 || n === ACTIVE_ANY, { message: MSG.invalidInput })
  .default(ACTIVE_ANY);

/** Paging of the console lists: page from 1, size 1-100 (default 10; spec 2 §9 'Pagination'). */
export const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
};

/** GET /api/v1/notices (spec 2 §3 'Notice filter'). */
export const noticeListQuery = z.object({
  applicationId: applicationRef,
  moduleId: moduleRef,
  active: activeFilter,
  type: z
    .enum(NOTICE_TYPES, { error: MSG.noticeTypeInvalid })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  query: z.string().trim().max(100).optional(),
  ...paging,
});

export const noticeIdParams = z.object({ id: z.coerce.number({ error: MSG.noticeNotFound }).int().min(1).max(2_147_483_647) });
