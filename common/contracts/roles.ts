/**
 * Answers of the roles-and-rights calls (spec 1 §6, spec 2 §7 'Application and account';
 * docs/decisions.md 135-139; server/routes/roles): managers and their rights, users of an application
 * and their roles, the role config, super managers, release and pass.
 */
import { z } from 'zod';
import { MANAGER_RIGHTS, USER_RIGHTS } from '../roles.js';
import { withMessage } from './common.js';

const managerRights = z.array(z.enum(MANAGER_RIGHTS)).describe('管理员权限：home 首页编辑，content 内容管理，settings 站点设置，users 用户管理');
const userRightList = z.array(z.enum(USER_RIGHTS)).describe('用户权限：panels 查看仅登录可见的栏目，download 下载附件');
const maskedPhone = z.string().nullable().describe('打码的手机号');

/** A manager entry (one manager of one application). */
export const managerEntryAnswer = z.object({
  id: z.number().int().describe('管理员条目的 id'),
  applicationId: z.number().int(),
  applicationName: z.string(),
  userId: z.number().int(),
  name: z.string(),
  phone: maskedPhone,
  superManager: z.boolean().describe('该用户是否为超级管理员'),
  rights: managerRights,
  createdAt: z.string(),
});
export type ManagerEntry = z.infer<typeof managerEntryAnswer>;

/** A user of an application with their role. */
export const applicationUserAnswer = z.object({
  userId: z.number().int(),
  name: z.string(),
  phone: maskedPhone,
  affiliation: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  createdAt: z.string().describe('加入应用的时间'),
});
export type ApplicationUser = z.infer<typeof applicationUserAnswer>;

/** The role and rights of a user in an application (one who has not joined holds the default role). */
export const userRightsAnswer = z.object({
  applicationId: z.number().int(),
  userId: z.number().int(),
  member: z.boolean().describe('是否已是该应用的用户'),
  roleId: z.string(),
  roleName: z.string(),
  rights: userRightList,
});

/** POST /api/v1/applications/users, action remove. */
export const userRemovedAnswer = z.object({ ok: z.literal(true), userId: z.number().int(), message: z.string() });

/** The manager rights of a user on every application. */
export const managerRightsAnswer = z.object({
  userId: z.number().int(),
  name: z.string(),
  superManager: z.boolean(),
  allRights: managerRights.describe('全部管理员权限'),
  applications: z.array(z.object({ applicationId: z.number().int(), name: z.string(), rights: managerRights })),
});
export type ManagerRights = z.infer<typeof managerRightsAnswer>;

/** DELETE /api/v1/applications/manager_rights. */
export const rightsClearedAnswer = z.object({
  ok: z.literal(true),
  userId: z.number().int(),
  removed: z.number().int().describe('移除的管理员条目数'),
  message: z.string(),
});

/** POST /api/v1/applications/super_managers. */
export const superManagerAnswer = z.object({ userId: z.number().int(), name: z.string(), superManager: z.boolean(), message: z.string() });

/** A user suggested by name or phone. */
export const userSuggestionAnswer = z.object({
  userId: z.number().int(),
  name: z.string(),
  phone: maskedPhone,
  affiliation: z.string(),
  superManager: z.boolean(),
});
export type UserSuggestion = z.infer<typeof userSuggestionAnswer>;

/** A role of an application's role config. */
export const roleAnswer = z.object({ id: z.string(), name: z.string(), rights: userRightList });

/** The saved role config (role-config, delete_role). */
export const roleConfigAnswer = withMessage(
  z.object({
    roleConfig: z.array(roleAnswer),
    defaultUserRole: z.string().describe('新用户的默认角色'),
    moved: z.number().int().describe('角色被删除而改为默认角色的用户数'),
    restrictDownloadDefault: z.number().int().describe('新通知默认限制附件下载：1 是，0 否（决定 227）'),
  }),
);

/** Release (draft → submitted) and pass (submitted → released), decision 138. */
export const releaseAnswer = z.object({
  applicationId: z.number().int(),
  status: z.string().describe('submitted 已申请发布；released 已发布'),
  message: z.string(),
});
