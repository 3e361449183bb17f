/**
 * The zod schema of the carousel module's stored config (see definition.ts for what the fields mean),
 * used by the server's validation and the console's form; apart from the definition so the visitor's
 * pages load no zod (decision 250). Registered in modules/schemas.ts.
 */
import { z } from 'zod';
import { linkSchema, moduleBase, plainText } from '../../common/homeConfigSchema.js';
import { MSG } from '../../common/messages.js';

export const carouselItemSchema = z.object({
  id: z.union([z.string().max(40), z.number()]),
  dataType: z.enum(['picture', 'video']),
  url: linkSchema.refine((s) => s !== '', { message: MSG.carouselUrlRequired }),
  redirectUri: linkSchema.nullish(),
  title: plainText(100).nullish(),
  description: plainText(300).nullish(),
});

export type CarouselItem = z.infer<typeof carouselItemSchema>;

export const carouselSchema = moduleBase.extend({
  type: z.literal('carousel'),
  mode: z.enum(['default', 'fullScreen']),
  /** 0: default height, 1: custom height */
  column: z.union([z.literal(0), z.literal(1)]),
  height: z.number().int(MSG.carouselHeightMin).min(100, MSG.carouselHeightMin).max(2000).optional(),
  items: z.array(carouselItemSchema).max(20),
});

export type CarouselModule = z.infer<typeof carouselSchema>;
