/**
 * Bodies and queries of the roles-and-rights calls (spec 2 §7 'Application and account', payloads
 * "not shown" designed here: docs/decisions.md #137).
 */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { phoneSchema } from '../../../common/validation.js';
import { MANAGER_RIGHTS, roleConfigSchema } from '../../../common/roles.js';
import { flag } from '../../http/fields.js';

const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);
const applicationId = positiveId(MSG.applicationIdRequired);
const userId = positiveId(MSG.userNotFound);
const rights = z
  .array(z.enum(MANAGER_RIGHTS, { error: '未知的管理员权限' }), { error: '请选择管理员权限' })
  .max(MANAGER_RIGHTS.length)
  .transform((list) => MANAGER_RIGHTS.filter((r) => list.includes(r)));
const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  query: z.string().trim().max(50).optional(),
};
const roleId = z.string({ error: MSG.unknownRole }).trim().min(1, MSG.unknownRole).max(32, MSG.unknownRole);

/** A user named either by phone or by id (one of them). */
const userRef = { phone: phoneSchema.optional(), userId: userId.optional() };
const needsUser = (v: { phone?: string; userId?: number }) => v.phone !== undefined || v.userId !== undefined;

/** GET /api/v1/applications/managers */
export const managersQuery = z.object({ ...pageFields, applicationId: applicationId.optional(), userId: userId.optional() });

/** POST /api/v1/applications/managers */
export const addManagerBody = z.object({ applicationId, ...userRef, rights }).refine(needsUser, { message: MSG.userOrPhoneRequired, path: ['phone'] });

/** PUT /api/v1/applications/managers */
export const changeManagerBody = z.object({ id: positiveId(MSG.managerNotFound), rights });

export const managerParams = z.object({ id: positiveId(MSG.managerNotFound) });

/** POST /api/v1/applications/users: one call with an action (list, add, role, remove). */
export const usersBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('list'), applicationId, ...pageFields, roleId: roleId.optional() }),
    z
      .object({ action: z.literal('add'), applicationId, ...userRef, roleId: roleId.optional() })
      .refine(needsUser, { message: MSG.userOrPhoneRequired, path: ['phone'] }),
    z.object({ action: z.literal('role'), applicationId, userId, roleId }),
    z.object({ action: z.literal('remove'), applicationId, userId }),
  ],
  { error: '请指定操作：list、add、role 或 remove' },
);

/** POST /api/v1/applications/user_rights */
export const userRightsBody = z.object({ applicationId, userId: userId.optional() });

/** POST /api/v1/applications/manager_rights (the body may be absent: the caller's own) */
export const managerRightsBody = z.object({ userId: userId.optional() }).optional();

/** DELETE /api/v1/applications/manager_rights (userId in the body or the query) */
export const clearRightsInput = z.object({ userId });
/** Its query and body as declared: each may name the user, the body wins (checked together with clearRightsInput). */
export const clearRightsQuery = z.object({ userId: userId.optional() });
export const clearRightsBody = z.object({ userId: userId.optional() }).optional();

/** POST /api/v1/applications/super_managers */
export const superManagersBody = z
  .object({ ...userRef, super: z.boolean({ error: '请指定授予（true）或取消（false）' }) })
  .refine(needsUser, { message: MSG.userOrPhoneRequired, path: ['phone'] });

/** GET /api/v1/applications/managers/suggestions */
export const suggestionsQuery = z.object({
  query: z.string({ error: MSG.suggestionQueryRequired }).trim().min(1, MSG.suggestionQueryRequired).max(30),
});

export const idParams = z.object({ id: positiveId(MSG.applicationNotFound) });

/** POST /api/v1/applications/{id}/role-config */
export const roleConfigBody = z.object({
  roleConfig: roleConfigSchema,
  defaultUserRole: roleId.optional(),
  /** new notices restrict their attachments unless they say otherwise (decision 227); absent: unchanged */
  restrictDownloadDefault: flag.optional(),
});

/** POST /api/v1/applications/{id}/delete_role */
export const deleteRoleBody = z.object({ roleConfig: roleConfigSchema.optional(), roleId });
