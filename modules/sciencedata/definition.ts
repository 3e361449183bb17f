/**
 * Science data panel (spec 1 §2 'sciencedata form', §3 'sciencedata defaults: span 1, height 331',
 * 'Listing items' Science data; spec 2 §9): default span 1; list height 331 (399 in a group template
 * like every list module); a list of data sets with their publish date, 8 in one column (spans 0-2) and
 * 16 in two (docs/decisions.md #20); reads POST /api/v4/modules/top-sciencedata with the module's
 * category (any level).
 */
import { isSingleColumn, oneReadDefinition } from '../rules.js';
import type { SciencedataModule } from './schema.js';

export type { SciencedataModule } from './schema.js';

/** Data sets shown: 8 in one column (spans 0-2), 16 in two (docs/decisions.md #20). */
export const sciencedataCount = (span: number): number => (isSingleColumn(span) ? 8 : 16);

export const sciencedataDefinition = oneReadDefinition<SciencedataModule>({
  type: 'sciencedata',
  label: '科学数据',
  alias: '科学数据',
  span: 1,
  count: sciencedataCount,
});
