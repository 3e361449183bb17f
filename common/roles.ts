/**
 * Roles and rights of Atrium (spec 1 §6, spec 2 §6 'role names not shown'; docs/decisions.md #135-#139).
 * - Super manager (users.role = 'super'): everything, on every application.
 * - Application manager (application_managers): manages one application with some of MANAGER_RIGHTS.
 * - User of an application (application_users): holds one role of the application's `roleConfig`; a
 *   role grants some of USER_RIGHTS. New users of an application get its `defaultUserRole`.
 * Shared by the server (checks, zod) and the console (checkboxes, tags).
 */
import { z } from 'zod';
import { plainText } from './homeConfigSchema.js';

/** What an application manager may do (decision #135). */
export const MANAGER_RIGHTS = ['home', 'content', 'settings', 'users', 'review', 'monitor'] as const;
export type ManagerRight = (typeof MANAGER_RIGHTS)[number];
export const MANAGER_RIGHT_LABELS: Record<ManagerRight, string> = {
  home: '首页编辑',
  content: '内容管理',
  settings: '站点设置',
  users: '用户管理',
  review: '审核',
  monitor: '监测管理',
};
/** One line per right, shown under the checkboxes. */
export const MANAGER_RIGHT_HINTS: Record<ManagerRight, string> = {
  home: '编辑首页模块与布局',
  content: '发布公告、链接、资源与公众号文章',
  settings: '站点名称、域名、页眉页脚、主题、登录方式，申请发布',
  users: '管理本站用户的角色与管理员',
  review: '审核读者的评论等提交，管理评论设置与敏感词',
  monitor: '管理五个监测频道的采集源、监测主题与摘要邮件',
};

/** What a role of an application's roleConfig may grant to its users (decision #136). */
export const USER_RIGHTS = ['panels', 'download'] as const;
export type UserRight = (typeof USER_RIGHTS)[number];
export const USER_RIGHT_LABELS: Record<UserRight, string> = {
  panels: '查看仅登录可见的栏目',
  download: '下载附件',
};
/** What each user right opens (docs/decisions.md 210-214), shown under the role table. */
export const USER_RIGHT_HINTS: Record<UserRight, string> = {
  panels: '可看到首页中开启了「仅登录可见」的栏目及其内容',
  download: '可下载开启了「附件仅限有下载权限的用户下载」的通知附件',
};

/** Application lifecycle (spec 1 §4 'release and pass'; decision #138). */
export const APPLICATION_STATUSES = ['draft', 'submitted', 'released'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  draft: '未发布',
  submitted: '待审核',
  released: '已发布',
};

/** A role of roleConfig: `id` (letters, digits, _ and -), a display name, its rights. */
export const roleSchema = z.object({
  id: z
    .string({ error: '请输入角色标识' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, '角色标识只能包含字母、数字、_ 和 -，最多 32 个字符'),
  name: plainText(30, '请输入角色名称'),
  rights: z
    .array(z.enum(USER_RIGHTS, { error: '未知的用户权限' }))
    .max(USER_RIGHTS.length)
    .default([]),
});
export type Role = z.infer<typeof roleSchema>;

/** A roleConfig: 1-20 roles with distinct ids. */
export const roleConfigSchema = z
  .array(roleSchema, { error: '角色配置应为角色列表' })
  .min(1, '至少需要一个角色')
  .max(20, '角色最多 20 个')
  .refine((roles) => new Set(roles.map((r) => r.id)).size === roles.length, '角色标识不能重复');

/** The role config of an application created before any was set. */
export const DEFAULT_ROLE_CONFIG: Role[] = [{ id: 'user', name: '普通用户', rights: [] }];
export const DEFAULT_USER_ROLE = 'user';

/** 13812345678 -> 138****5678; other strings keep their first 3 and last 2 characters. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/^\+?86\s*/, '');
  if (digits.length >= 11) return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
  if (digits.length <= 5) return '*'.repeat(digits.length);
  return `${digits.slice(0, 3)}${'*'.repeat(digits.length - 5)}${digits.slice(-2)}`;
}
