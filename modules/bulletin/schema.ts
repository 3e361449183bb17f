/**
 * The zod schema of the bulletin module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { moduleBase } from '../../common/homeConfigSchema.js';
import { BULLETIN_TYPES } from '../../common/constants.js';
import { MSG } from '../../common/messages.js';
import { BULLETIN_MAX_SIZE } from './limits.js';

export const bulletinSchema = moduleBase.extend({
  type: z.literal('bulletin'),
  dataSize: z.number({ error: MSG.dataSizeRange }).int(MSG.dataSizeRange).min(1, MSG.dataSizeRange).max(BULLETIN_MAX_SIZE, MSG.dataSizeRange),
  bulletinType: z
    .array(z.enum(BULLETIN_TYPES, { error: MSG.bulletinTypeInvalid }), { error: MSG.bulletinTypeRequired })
    .min(1, MSG.bulletinTypeRequired)
    .max(3),
});

export type BulletinModule = z.infer<typeof bulletinSchema>;
