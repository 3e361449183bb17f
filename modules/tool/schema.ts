/**
 * The zod schema of the tool module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { moduleBase } from '../../common/homeConfigSchema.js';
import { MSG } from '../../common/messages.js';

export const toolSchema = moduleBase.extend({
  type: z.literal('tool'),
  specificData: z
    .array(z.union([z.string(), z.number()]), { error: MSG.toolRequired })
    .min(1, MSG.toolRequired)
    .max(50),
  direction: z.enum(['horizontal', 'vertical']),
});

export type ToolModule = z.infer<typeof toolSchema>;
