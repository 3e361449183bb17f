/**
 * Policy panel (spec 1 §2 'Module editor forms', §3 'Defaults by module type'; spec 2 §9 'Heights',
 * 'Item counts'): default span 1; list height 331 (399 in a group template); 8 policies in one column
 * (spans 0-2), 16 in two columns; reads POST /api/v4/modules/top-policy with the module's category.
 * More link by the priority of spec 1 §2 (specific link, explore page, /top-resources).
 */
import { isSingleColumn, oneReadDefinition } from '../rules.js';
import type { PolicyModule } from './schema.js';

export type { PolicyModule } from './schema.js';

/** Policies shown: 8 in one column (spans 0-2), 16 in two (spec 2 §9 'Notice and policy 8 ... 16'). */
export const policyCount = (span: number): number => (isSingleColumn(span) ? 8 : 16);

export const policyDefinition = oneReadDefinition<PolicyModule>({
  type: 'policy',
  label: '政策',
  alias: '政策法规',
  span: 1,
  count: policyCount,
});
