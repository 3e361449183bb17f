/**
 * The zod schema of the resource module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { moduleBase } from '../../common/homeConfigSchema.js';

const DATA_SIZE_MSG = '显示数量须为 1 到 50 的整数';
const COLUMN_SIZE_MSG = '每行列数须为 1 到 4 的整数';

export const resourceSchema = moduleBase.extend({
  type: z.literal('resource'),
  dataDisplayType: z.enum(['plain', 'image', 'rich']),
  dataSize: z.number({ error: DATA_SIZE_MSG }).int(DATA_SIZE_MSG).min(0, DATA_SIZE_MSG).max(50, DATA_SIZE_MSG).nullish(),
  columnSize: z.number({ error: COLUMN_SIZE_MSG }).int(COLUMN_SIZE_MSG).min(0, COLUMN_SIZE_MSG).max(4, COLUMN_SIZE_MSG).nullish(),
});

export type ResourceModule = z.infer<typeof resourceSchema>;
