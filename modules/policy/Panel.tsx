/**
 * The visitor's policy panel (spec 1 §3 'Listing items'; spec 2 §9 'Item counts'): the topic's newest
 * policies as a list, one column at spans 0-2 and two wider (8 or 16), each with its issuing authority
 * (issuer) as a tag, the title linking to /microapp/explore/resources/policy/{id} (document number in
 * the tooltip) and the date.
 */
import type { PanelProps } from '../types.app.js';
import { isSingleColumn } from '../rules.js';
import { policyCount, policyDefinition, type PolicyModule } from './definition.js';
import { formatDate, idOf, pageItems, text, titleOf } from '../kit/format';
import { resourceHref } from '../kit/links';
import { PlainList } from '../kit/ItemList';
import { ListSkeleton, PanelShell, PanelStatus, TopicHint, moreLinkOf } from '../kit/PanelShell';

/** The policy panel; props are PanelProps (modules/types.app.ts). */
export default function PolicyPanel({ module, data, loading, error, editable, site }: PanelProps<PolicyModule>) {
  const items = pageItems(data.policy).slice(0, policyCount(module.span));
  const two = !isSingleColumn(module.span);
  return (
    <PanelShell module={module} site={site} more={moreLinkOf(policyDefinition, module, site)} className="atr-p--policy">
      <PanelStatus
        loading={loading}
        error={error}
        empty={items.length === 0}
        editable={editable}
        hint={<TopicHint site={site} type="policy" />}
        skeleton={<ListSkeleton rows={6} />}
      >
        <PlainList
          module={module}
          site={site}
          twoColumns={two}
          entries={items.map((it, i) => {
            const id = idOf(it);
            const issuer = text(it.issuer);
            const docNumber = text(it.docNumber);
            const title = titleOf(it);
            return {
              key: id || `i${i}`,
              href: id ? resourceHref(text(it.type) || 'policy', id) : null,
              title: docNumber ? `${title}（${docNumber}）` : title,
              date: formatDate(it.date),
              tags: issuer ? (
                <span className="atr-p-tag atr-p-ellipsis" style={{ maxWidth: '7em' }} title={issuer}>
                  {issuer}
                </span>
              ) : undefined,
            };
          })}
        />
      </PanelStatus>
    </PanelShell>
  );
}
