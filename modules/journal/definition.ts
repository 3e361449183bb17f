/**
 * Journal panel (spec 1 §2 'journal form', §3 'Journal', spec 2 §9): default span 4; list height 331
 * (399 in a group template); item count by span; reads POST /api/v4/modules/top-journal with the
 * module's category. 'Enable content recommendation' (showRecommendation) sends signed-in users' more
 * link to the recommendation page and shows 订阅 on each journal.
 */
import { cardCountBySpan, oneReadDefinition } from '../rules.js';
import type { JournalModule } from './schema.js';

export type { JournalModule } from './schema.js';

export const journalDefinition = oneReadDefinition<JournalModule>({
  type: 'journal',
  label: '期刊',
  alias: '期刊',
  span: 4,
  count: cardCountBySpan,
  recommendation: true,
});
