/**
 * The visitor's policy panel (spec 1 §3 'Listing items'; spec 2 §9 'Item counts'): the topic's newest
 * policies as a list, one column at spans 0-2 and two wider (8 or 16), each with its issuing authority
 * (issuer) as a tag, the title linking to /microapp/explore/resources/policy/{id} (document number in
 * the tooltip) and the date.
 */
import { policyCount, policyDefinition, type PolicyModule } from './definition.js';
import { formatDate, text, titleOf, type PanelItem } from '../kit/format';
import type { ListEntry } from '../kit/ItemList';
import { EllipsisTag, listPanel } from '../kit/listPanel';

/** A policy's row: the document number after the title, the issuing authority as a tag, the date. */
function policyRow(it: PanelItem): Partial<ListEntry> {
  const issuer = text(it.issuer);
  const docNumber = text(it.docNumber);
  const title = titleOf(it);
  const tags = issuer ? <EllipsisTag text={issuer} maxWidth="7em" /> : undefined;
  return { title: docNumber ? `${title}（${docNumber}）` : title, date: formatDate(it.date), tags };
}

/** The policy panel (a list panel of modules/kit/listPanel.tsx); props are PanelProps (modules/types.app.ts). */
const PolicyPanel = listPanel<PolicyModule>({ type: 'policy', definition: policyDefinition, count: policyCount, row: policyRow });
export default PolicyPanel;
