/**
 * The zod schema of the link module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { linkSchema, moduleBase, plainText } from '../../common/homeConfigSchema.js';
import { MSG } from '../../common/messages.js';

export const linkItemSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  title: plainText(100, MSG.moduleTitleRequired),
  url: linkSchema,
  cover: linkSchema.nullish(),
  name: z.string().max(100).nullish(),
});

export type LinkItem = z.infer<typeof linkItemSchema>;

export const linkModuleSchema = moduleBase
  .extend({
    type: z.literal('link'),
    specificData: z
      .array(z.union([z.string(), z.number()]), { error: MSG.topicRequired })
      .min(1, MSG.topicRequired)
      .max(50),
    specificDataObject: z.array(linkItemSchema).max(50),
    direction: z.enum(['horizontal', 'vertical']),
  })
  .refine((m) => m.dataSize == null || m.dataSize <= m.specificData.length, { message: '显示数量不能超过所选专题数', path: ['dataSize'] });

export type LinkModule = z.infer<typeof linkModuleSchema>;
