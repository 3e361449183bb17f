/**
 * The zod schema of the activity module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { moduleBase } from '../../common/homeConfigSchema.js';
import { dataTypesField } from '../kit/dataTypes.js';
import { ACTIVITY_DATA_TYPES } from './limits.js';

export const activitySchema = moduleBase.extend({
  type: z.literal('activity'),
  dataType: dataTypesField(ACTIVITY_DATA_TYPES),
});

export type ActivityModule = z.infer<typeof activitySchema>;
