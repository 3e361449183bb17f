/**
 * Institution panel (spec 1 §3 'Institution', spec 2 §9): default span 4; list height 331 (399 in a group
 * template); item count by span; reads POST /api/v4/modules/top-institution with the module's category.
 * The panel then asks the fruit and scholar counts (POST /api/v1/resources/institution/fruit-scholar-count).
 */
import { cardCountBySpan, oneReadDefinition } from '../rules.js';
import type { InstitutionModule } from './schema.js';

export type { InstitutionModule } from './schema.js';

export const institutionDefinition = oneReadDefinition<InstitutionModule>({
  type: 'institution',
  label: '机构',
  alias: '机构',
  span: 4,
  count: cardCountBySpan,
});
