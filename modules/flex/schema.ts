/**
 * The zod schema of the flex module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { type ModuleConfig } from '../../common/homeConfig.js';
import { moduleBase, plainText } from '../../common/homeConfigSchema.js';
import { MSG } from '../../common/messages.js';
import { FLEX_MAX_GAP, FLEX_MAX_PADDING, FLEX_MAX_SLOTS, FLEX_MAX_SLOT_MODULES } from './limits.js';

export const flexSlotSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/, MSG.invalidInput),
  type: z.literal('div'),
  divWidth: z.number().int(MSG.divWidthRange).min(1, MSG.divWidthRange).max(100, MSG.divWidthRange).nullish(),
  alias: plainText(60).nullish(),
  /**
   * the modules placed in this slot: objects here; each is checked against its own type's schema by
   * the server (server/applications/service.ts validateHomeConfig), which this file cannot import
   */
  modules: z
    .array(z.custom<ModuleConfig>((v) => v !== null && typeof v === 'object' && !Array.isArray(v), { error: MSG.invalidInput }))
    .max(FLEX_MAX_SLOT_MODULES)
    .default([]),
});

export type FlexSlot = z.infer<typeof flexSlotSchema>;

export const flexSchema = moduleBase
  .extend({
    type: z.literal('flex'),
    isShowTitle: z.boolean().optional(),
    mode: z.enum(['default', 'fullScreen']).optional(),
    bgColor: z.enum(['transparent', 'white']).default('transparent'),
    componentDirection: z.enum(['row', 'column']).default('row'),
    padding: z.number().int(MSG.flexPaddingRange).min(0, MSG.flexPaddingRange).max(FLEX_MAX_PADDING, MSG.flexPaddingRange).optional(),
    componentNumber: z.number({ error: MSG.flexNumberMin }).int(MSG.flexNumberMin).min(1, MSG.flexNumberMin).max(FLEX_MAX_SLOTS, MSG.flexNumberMax),
    componentGap: z.number({ error: MSG.flexGapMin }).int(MSG.flexGapMin).min(0, MSG.flexGapMin).max(FLEX_MAX_GAP, MSG.flexGapMax),
    components: z.array(flexSlotSchema).min(1).max(FLEX_MAX_SLOTS),
  })
  .superRefine((cfg, ctx) => {
    if (cfg.componentDirection !== 'row') return;
    const sum = cfg.components.reduce((s, c) => s + (c.divWidth ?? 0), 0);
    if (sum > 100) ctx.addIssue({ code: 'custom', path: ['components'], message: MSG.flexWidthOver });
  });

export type FlexModule = z.infer<typeof flexSchema>;
