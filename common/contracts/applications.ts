/**
 * Answers of the application calls (spec 1 §3 'Application config', 'Application list item'; spec 2 §7
 * 'Application and account'; server/routes/applications): the list, the navigation options, the
 * suggestions, the configuration as the site and the console read it, and the answers of the calls
 * that change it (home config, header, footer, theme, logo).
 */
import { z } from 'zod';
import { footerConfigSchema, headerConfigSchema, themeConfigSchema } from '../siteConfig.js';
import type { HomeConfig } from '../homeConfig.js';
import { apiComponents, withMessage } from './common.js';
import { homeConfigAnswer } from './revisions.js';
import { roleAnswer } from './roles.js';
import { publicSsoAnswer } from './signin.js';

const status = z.string().describe('状态：draft 草稿，submitted 已申请发布，released 已发布');

/** An item of GET /api/v1/applications (spec 1 §3 'Application list item'). */
export const applicationListItemAnswer = z.object({
  applicationId: z.number().int(),
  name: z.string(),
  host: z.string().describe('站点地址（域名）'),
  homePage: z.string().describe('首页路径'),
  status,
  updatedAt: z.string().describe('最后修改时间（ISO 8601）'),
  topic: z.object({ id: z.number().int(), title: z.string().nullable(), cover: z.string().nullable() }).nullable().describe('所用专题'),
});
export type ApplicationListItem = z.infer<typeof applicationListItemAnswer>;

/** An application as a topic-navigation option of the link module form (spec 1 §3 'link'). */
export const availableApplicationAnswer = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  title: z.string().describe('应用名称'),
  name: z.string().describe('专题名称（无专题时为应用名称）'),
  url: z.string().describe('站点地址'),
  cover: z.string().nullable().describe('专题封面或应用标志'),
});

/** One application suggestion (decision 296). */
export const applicationSuggestionAnswer = z.object({ applicationId: z.number().int(), name: z.string(), host: z.string() });

/**
 * The application configuration (spec 1 §3 'Application config'): header, footer and theme filled in
 * as their save calls answer them, the home config, the roles, and the public sign-in settings.
 */
export const applicationConfigAnswer = z.object({
  applicationId: z.number().int(),
  name: z.string(),
  host: z.string().describe('站点地址（域名）'),
  logo: z.string().nullable().describe('站点标志的地址'),
  status,
  homePage: z.string().describe('首页路径'),
  topicId: z.number().int().nullable().describe('所用专题'),
  topic: z.object({ id: z.number().int(), title: z.string(), cover: z.string().nullable() }).nullable(),
  headerConfig: headerConfigSchema.describe('页头：菜单与样式'),
  footerConfig: footerConfigSchema.describe('页脚：版权、备案号、友情链接等'),
  themeConfig: themeConfigSchema.describe('主题：主色等'),
  homeConfig: homeConfigAnswer,
  roleConfig: z.array(roleAnswer).describe('用户角色及其权限'),
  defaultUserRole: z.string().describe('新用户的默认角色'),
  restrictDownloadDefault: z.number().int().describe('新通知默认限制附件下载：1 是，0 否（决定 227）'),
  detailSignin: z.number().int().describe('详情页需登录：1 是（未登录的访客打开 /microapp/**、/container/** 页面时先去登录），0 否（默认，公开）'),
  auditNewUsers: z.number().int().describe('新用户需审核：1 是（首次进入本站的读者须经 /console/uc/auditUser 审核通过才获得默认角色），0 否（默认）'),
  oauthUri: publicSsoAnswer.nullable().describe('单点登录设置（不含密钥）；null 为未配置'),
  mailAllowSuffix: z.string().nullable().describe('允许邮箱登录的后缀'),
});
// the site's header, footer and theme, named once in the document (decision 440)
apiComponents.add(headerConfigSchema, { id: 'HeaderConfig' });
apiComponents.add(footerConfigSchema, { id: 'FooterConfig' });
apiComponents.add(themeConfigSchema, { id: 'ThemeConfig' });

/** The configuration with its home config typed by module (common/homeConfig.ts), as the browser reads it. */
export type ApplicationConfig = Omit<z.infer<typeof applicationConfigAnswer>, 'homeConfig'> & { homeConfig: HomeConfig };

/** The configuration after a change, with the message the console shows (创建、保存、标志). */
export const applicationConfigSavedAnswer = withMessage(applicationConfigAnswer);

/** POST /api/v1/applications/{id}/home-config: the saved config and the revision that keeps it. */
export const homeConfigSavedAnswer = z.object({
  homeConfig: homeConfigAnswer,
  revisionId: z.number().int().describe('保存时新建的版本号'),
  message: z.string().describe('给用户看的中文提示'),
});

/** POST …/header-config: the saved header. */
export const headerConfigSavedAnswer = withMessage(z.object({ headerConfig: headerConfigSchema }));
/** POST …/footer-config: the saved footer. */
export const footerConfigSavedAnswer = withMessage(z.object({ footerConfig: footerConfigSchema }));
/** POST …/theme-config: the saved theme. */
export const themeConfigSavedAnswer = withMessage(z.object({ themeConfig: themeConfigSchema }));

const image = z.string().describe('图片内容（二进制）');

/** GET /files/logos/{name}: the stored logo, PNG or JPEG (not JSON; described by its content types). */
export const logoFileAnswer = {
  description: '站点标志图片（PNG 或 JPEG），长期缓存',
  content: { 'image/png': { schema: image }, 'image/jpeg': { schema: image } },
};
