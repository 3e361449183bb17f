/**
 * The zod schema of the journal module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { moduleBase } from '../../common/homeConfigSchema.js';

export const journalSchema = moduleBase.extend({ type: z.literal('journal') });

export type JournalModule = z.infer<typeof journalSchema>;
