/**
 * Input fields that several calls share (spec 1 §3 'Notice', 'Link' and the console lists; spec 2 §9
 * 'Pagination'): zod pieces with the Chinese messages of spec 1 §5, for the route schemas.
 */
import { z } from 'zod';
import { MSG } from '../../common/messages.js';
import { ACTIVE_ANY } from '../../common/constants.js';

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

/** A record id in a path (1 to 2^31 - 1); `message` (e.g. 通知不存在) when it is not one. */
export const recordId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(2 ** 31 - 1, message);

/** An application id in a body or query: 请指定应用 (MSG.applicationIdRequired) when absent or not a positive integer. */
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

/**
 * The fields a notice and a link share when created (spec 1 §3 'Notice', 'Link'; decision 357): pinned
 * (`top`, default 0), published (`active`, default 1), the module (none: the whole application) and the
 * application, which cannot change afterwards.
 */
export const contentCreateFields = { top: flag.default(0), active: flag.default(1), moduleId: moduleRef, applicationId: applicationRef };

/** The fields a notice and a link share when changed: each optional (the application is not among them). */
export const contentUpdateFields = { top: flag.optional(), active: flag.optional(), publishDateTime: publishTime.optional(), moduleId: moduleRef.optional() };

/** The filters of the notice and link lists (GET /api/v1/notices, /api/v1/links): application, module, state, a title text and paging. */
export const contentListQuery = z.object({
  applicationId: applicationRef,
  moduleId: moduleRef,
  active: activeFilter,
  query: z.string().trim().max(100).optional(),
  ...paging,
});
