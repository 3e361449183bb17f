/**
 * The zod schema of the xmodule module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { moduleBase } from '../../common/homeConfigSchema.js';
import { MSG } from '../../common/messages.js';
import { FIELD_RE, parseComponent } from './catalogue.js';
import { XMODULE_MIN_HEIGHT } from './limits.js';

/** One stored param value: text (plain, no markup), a number or a switch. */
const paramValue = z.union([
  z
    .string()
    .max(2000, '参数不能超过 2000 个字')
    .refine((s) => !/<\s*\/?\s*[a-zA-Z!]/.test(s), { message: MSG.noMarkup }),
  z.number().finite(),
  z.boolean(),
]);

export const xmoduleSchema = moduleBase.extend({
  type: z.literal('xmodule'),
  component: z.string({ error: MSG.componentRequired }).refine((v) => parseComponent(v) !== null, { message: MSG.componentRequired }),
  xmoduleParams: z.record(z.string().regex(FIELD_RE).max(40), paramValue).refine((r) => Object.keys(r).length <= 30, { message: '参数最多 30 个' }),
  column: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  minHeight: z.number({ error: MSG.xmoduleMinHeight }).int(MSG.xmoduleMinHeight).min(XMODULE_MIN_HEIGHT, MSG.xmoduleMinHeight).max(3000, MSG.xmoduleMinHeight),
  height: z.union([z.number().int(MSG.carouselHeightMin).min(XMODULE_MIN_HEIGHT, MSG.carouselHeightMin).max(3000), z.literal('auto')]),
});

export type XmoduleModule = z.infer<typeof xmoduleSchema>;
