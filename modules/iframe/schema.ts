/**
 * The zod schema of the iframe module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { moduleBase } from '../../common/homeConfigSchema.js';
import { MSG } from '../../common/messages.js';
import { isHttpUrl } from './limits.js';

export const iframeUrlSchema = z
  .string({ error: MSG.iframeUrlRequired })
  .trim()
  .min(1, MSG.iframeUrlRequired)
  .max(2000)
  .refine(isHttpUrl, { message: MSG.iframeUrlInvalid });

export const iframeSchema = moduleBase.extend({
  type: z.literal('iframe'),
  mode: z.enum(['default', 'fullScreen']),
  /** 0: default height, 1: custom height */
  column: z.union([z.literal(0), z.literal(1)]),
  height: z.number().int(MSG.carouselHeightMin).min(100, MSG.carouselHeightMin).max(4000).optional(),
  url: iframeUrlSchema,
});

export type IframeModule = z.infer<typeof iframeSchema>;
