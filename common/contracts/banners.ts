/** Answer of POST /api/v1/banners/title (docs/decisions.md 295; server/routes/banners). */
import { z } from 'zod';

/** The site content a banner's link names, with its title. */
export const bannerTitleAnswer = z.object({
  url: z.string().describe('所查询的链接（去掉首尾空白）'),
  title: z.string().describe('链接所指站内内容的标题'),
  kind: z.enum(['resource', 'notice']).describe('resource：资源详情；notice：通知公告'),
  type: z.string().describe('资源类型（如 scholar）；通知公告为 notice'),
});
export type BannerTitle = z.infer<typeof bannerTitleAnswer>;
