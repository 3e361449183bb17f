/**
 * The zod schema of the news module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { moduleBase } from '../../common/homeConfigSchema.js';
import { MSG } from '../../common/messages.js';
import { isSingleColumn } from '../rules.js';

export const newsSchema = moduleBase
  .extend({
    type: z.literal('news'),
    displayType: z
      .array(z.enum(['carousel', 'data']))
      .min(1, MSG.newsDisplayTypeRequired)
      .max(2),
    simpleDateFormat: z.boolean().optional(),
  })
  .refine((m) => !isSingleColumn(m.span) || m.displayType.length === 1, { message: '窄栏（1/4、1/3、1/2）只能选择一种展示方式', path: ['displayType'] });

export type NewsModule = z.infer<typeof newsSchema>;
