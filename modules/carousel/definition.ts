/**
 * Carousel (spec 1 §2 'carousel form', §3 'Carousel item', §4, §5; spec 2 §9): theme default or
 * fullScreen (`mode`), height default (160) or custom (`column` 1, integer >= 100), items (picture or
 * video) kept in `items`. fullScreen with default height gets height 0 (the viewport decides).
 * Default span 5. No reads: the items are in the config.
 */
import { z } from 'zod';
import { linkSchema, moduleBase, plainText } from '../../common/homeConfig.js';
import { MSG } from '../../common/messages.js';
import type { ModuleDefinition } from '../types.js';
import { noMigration } from '../rules.js';
import { themedHeight } from '../kit/heights.js';

export const carouselItemSchema = z.object({
  id: z.union([z.string().max(40), z.number()]),
  dataType: z.enum(['picture', 'video']),
  url: linkSchema.refine((s) => s !== '', { message: MSG.carouselUrlRequired }),
  redirectUri: linkSchema.nullish(),
  title: plainText(100).nullish(),
  description: plainText(300).nullish(),
});
export type CarouselItem = z.infer<typeof carouselItemSchema>;

/** Default carousel height, px (spec 2 §9 'Heights'). */
export const CAROUSEL_DEFAULT_HEIGHT = 160;

export const carouselSchema = moduleBase.extend({
  type: z.literal('carousel'),
  mode: z.enum(['default', 'fullScreen']),
  /** 0: default height, 1: custom height */
  column: z.union([z.literal(0), z.literal(1)]),
  height: z.number().int(MSG.carouselHeightMin).min(100, MSG.carouselHeightMin).max(2000).optional(),
  items: z.array(carouselItemSchema).max(20),
});
export type CarouselModule = z.infer<typeof carouselSchema>;

export const carouselDefinition: ModuleDefinition<CarouselModule> = {
  type: 'carousel', label: '轮播图', version: 1, schema: carouselSchema,
  defaults: () => ({ type: 'carousel', alias: '轮播图', span: 5, mode: 'default', column: 0, items: [] }),
  height: (cfg) => themedHeight(cfg, CAROUSEL_DEFAULT_HEIGHT),
  reads: () => [],
  moreLink: () => null,
  migrate: noMigration,
};
