/**
 * The zod schema of the wechat_article module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { moduleBase } from '../../common/homeConfigSchema.js';
import { MSG } from '../../common/messages.js';
import { spanForDirection } from '../link/definition.js';

export const wechatIdSchema = z
  .string({ error: MSG.wechatIdRequired })
  .trim()
  .min(1, MSG.wechatIdRequired)
  .max(64, MSG.wechatIdInvalid)
  .regex(/^[\w-]+$/, MSG.wechatIdInvalid);

export const wechatArticleSchema = moduleBase
  .extend({
    type: z.literal('wechat_article'),
    direction: z.enum(['horizontal', 'vertical']),
    /** the bound account whose articles show; unset shows the empty state that leads to the wechat manager */
    wechatId: wechatIdSchema.nullish(),
  })
  .refine((m) => m.span === spanForDirection(m.direction), { message: '宽度由排列方向决定：横向为整行，纵向为 1/4', path: ['span'] });

export type WechatArticleModule = z.infer<typeof wechatArticleSchema>;
