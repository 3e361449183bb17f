/** Inputs of the wechat account calls (spec 2 §7 'POST, DELETE /api/v1/applications/{id}/wechat', 'GET /api/v1/wechats/available'). */
import { z } from 'zod';
import { linkSchema, plainText } from '../../../common/homeConfigSchema.js';
import { MSG } from '../../../common/messages.js';
import { wechatIdSchema } from '../../../modules/wechat_article/schema.js';
import { isHttpUrl } from '../../../modules/iframe/definition.js';

export const idParams = z.object({
  id: z.coerce
    .number({ error: MSG.applicationNotFound })
    .int(MSG.applicationNotFound)
    .min(1, MSG.applicationNotFound)
    .max(2_147_483_647, MSG.applicationNotFound),
});

export const accountParams = idParams.extend({ wechatId: wechatIdSchema });

export const articleParams = accountParams.extend({
  articleId: z.coerce.number({ error: MSG.notFound }).int(MSG.notFound).min(1, MSG.notFound).max(2_147_483_647, MSG.notFound),
});

/** POST /api/v1/applications/{id}/wechat: bind an account. */
export const bindBody = z.object({ wechatId: wechatIdSchema, name: plainText(60, MSG.wechatNameRequired) });

/** DELETE /api/v1/applications/{id}/wechat: unbind (wechatId in the body, or in the query). */
export const unbindBody = z.object({ wechatId: wechatIdSchema });
/** Its query and body as declared: wechatId optional in each (checked with unbindBody, the body's first; decision 335). */
export const unbindQuery = unbindBody.partial();

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

const httpUrl = (required: string) => z.string({ error: required }).trim().min(1, required).max(2000).refine(isHttpUrl, { message: MSG.httpUrlInvalid });

/** 'yyyy-MM-dd HH:mm:ss' or 'yyyy-MM-dd' (midnight), a real day and time; normalised to 'yyyy-MM-dd HH:mm:ss'. */
export const articleTimeSchema = z
  .string({ error: MSG.articleTimeRequired })
  .trim()
  .min(1, MSG.articleTimeRequired)
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, MSG.articleTimeInvalid)
  .transform((s) => (s.length === 10 ? `${s} 00:00:00` : s.length === 16 ? `${s}:00` : s))
  .refine(
    (s) => {
      const [d, t] = s.split(' ');
      const [y, m, day] = d.split('-').map(Number);
      const [hh, mm, ss] = t.split(':').map(Number);
      const date = new Date(Date.UTC(y, m - 1, day));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === day && hh < 24 && mm < 60 && ss < 60;
    },
    { message: MSG.articleTimeInvalid },
  );

/** POST /api/v1/applications/{id}/wechats/{wechatId}/articles: one article (spec 1 §3 'Wechat article group'). */
export const articleBody = z.object({
  title: plainText(200, MSG.articleTitleRequired),
  groupName: plainText(40, MSG.articleGroupRequired),
  articleTime: articleTimeSchema,
  thumbMediaUrl: linkSchema.nullish(),
  url: httpUrl(MSG.articleUrlRequired),
  digest: plainText(300).nullish(),
});
export type ArticleInput = z.infer<typeof articleBody>;
