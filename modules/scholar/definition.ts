/**
 * Scholar panel (spec 1 §3 'Scholar', spec 2 §9): default span 4; height 331 (419 in a group template);
 * item count by span; reads POST /api/v4/modules/top-scholar with the module's category.
 */
import { cardCountBySpan, oneReadDefinition } from '../rules.js';
import type { ScholarModule } from './schema.js';

export type { ScholarModule } from './schema.js';

export const scholarDefinition = oneReadDefinition<ScholarModule>({
  type: 'scholar',
  label: '学者',
  alias: '学者',
  span: 4,
  count: cardCountBySpan,
  recommendation: true,
  height: (ctx) => (ctx.groupTemplate ? 419 : 331),
});
