/**
 * Standard panel (spec 1 §2 'journal, institution, standard and book forms', §3 'Listing items' Standard;
 * spec 2 §9): default span 1; list height 331 (399 in a group template); a list of standards (number,
 * title, date), 8 in one column (spans 0-2) and 16 in two, like the notice and policy lists
 * (docs/decisions.md #20); reads POST /api/v4/modules/top-standard with the module's category.
 */
import { isSingleColumn, oneReadDefinition } from '../rules.js';
import type { StandardModule } from './schema.js';

export type { StandardModule } from './schema.js';

/** Standards shown: 8 in one column (spans 0-2), 16 in two (docs/decisions.md #20). */
export const standardCount = (span: number): number => (isSingleColumn(span) ? 8 : 16);

export const standardDefinition = oneReadDefinition<StandardModule>({
  type: 'standard',
  label: '标准',
  alias: '标准',
  span: 1,
  count: standardCount,
});
