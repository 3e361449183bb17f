/**
 * The zod schema of the fruit module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { moduleBase } from '../../common/homeConfigSchema.js';
import { dataTypesField } from '../kit/dataTypes.js';
import { FRUIT_DATA_TYPES } from './limits.js';

export const fruitSchema = moduleBase.extend({
  type: z.literal('fruit'),
  dataType: dataTypesField(FRUIT_DATA_TYPES),
});

export type FruitModule = z.infer<typeof fruitSchema>;
