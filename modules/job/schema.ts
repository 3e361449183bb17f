/**
 * The zod schema of the job module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { moduleBase } from '../../common/homeConfigSchema.js';
import { MSG } from '../../common/messages.js';
import { JOB_MAX_SIZE } from './limits.js';

export const jobSchema = moduleBase.extend({
  type: z.literal('job'),
  direction: z.literal('vertical', { error: '招聘模块只能纵向排列' }),
  span: z.literal(0, { error: '招聘模块宽度固定为 1/4' }),
  dataSize: z.number({ error: MSG.dataSizeRange }).int(MSG.dataSizeRange).min(1, MSG.dataSizeRange).max(JOB_MAX_SIZE, MSG.dataSizeRange),
});

export type JobModule = z.infer<typeof jobSchema>;
