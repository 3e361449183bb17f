/**
 * Carousel (spec 1 §2 'carousel form', §3 'Carousel item', §4, §5; spec 2 §9): theme default or
 * fullScreen (`mode`), height default (160) or custom (`column` 1, integer >= 100), items (picture or
 * video) kept in `items`. fullScreen with default height gets height 0 (the viewport decides).
 * Default span 5. No reads: the items are in the config.
 */
import type { ModuleDefinition } from '../types.js';
import { noMigration } from '../rules.js';
import { themedHeight } from '../kit/heights.js';
import type { CarouselModule } from './schema.js';

export type { CarouselItem, CarouselModule } from './schema.js';

/** Default carousel height, px (spec 2 §9 'Heights'). */
export const CAROUSEL_DEFAULT_HEIGHT = 160;

export const carouselDefinition: ModuleDefinition<CarouselModule> = {
  type: 'carousel',
  label: '轮播图',
  version: 1,
  defaults: () => ({ type: 'carousel', alias: '轮播图', span: 5, mode: 'default', column: 0, items: [] }),
  height: (cfg) => themedHeight(cfg, CAROUSEL_DEFAULT_HEIGHT),
  reads: () => [],
  moreLink: () => null,
  migrate: noMigration,
};
