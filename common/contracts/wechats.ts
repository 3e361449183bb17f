/** Answers of the wechat account calls (spec 1 §3 'Wechat account'; spec 2 §7; server/routes/wechats). */
import { z } from 'zod';

/** An account a user may put on a wechat_article panel (GET /api/v1/wechats/available). */
export const wechatChoiceAnswer = z.object({ wechatId: z.string().describe('公众号的 wechatId'), name: z.string().describe('公众号名称') });

/** An account bound to an application. */
export const wechatAccountAnswer = wechatChoiceAnswer.extend({
  applicationId: z.number().int(),
  createdAt: z.string().describe('绑定时间（ISO 8601）'),
});
export type WechatAccount = z.infer<typeof wechatAccountAnswer>;

/** An application's bound account with its number of articles (GET /api/v1/applications/{id}/wechats). */
export const wechatAccountWithArticlesAnswer = wechatAccountAnswer.extend({ articles: z.number().int().describe('该公众号的文章数') });
export type WechatAccountWithArticles = z.infer<typeof wechatAccountWithArticlesAnswer>;
