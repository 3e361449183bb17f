/**
 * The visitor's science data panel (spec 1 §3 'Listing items' Science data: publish_date, date; spec 2
 * §9): the topic's newest data sets as a list, one column at spans 0-2 and two wider (8 or 16), each
 * title linking to /microapp/explore/resources/sciencedata/{id} with its
 * publish date (publish_date, else the resource date).
 */
import type { PanelProps } from '../types.app.js';
import { isSingleColumn } from '../rules.js';
import { sciencedataCount, sciencedataDefinition, type SciencedataModule } from './definition.js';
import { formatDate, idOf, pageItems, text, titleOf } from '../kit/format';
import { resourceHref } from '../kit/links';
import { PlainList } from '../kit/ItemList';
import { ListSkeleton, PanelShell, PanelStatus, TopicHint, moreLinkOf } from '../kit/PanelShell';

/** The science data panel; props are PanelProps (modules/types.app.ts). */
export default function SciencedataPanel({ module, data, loading, error, editable, site }: PanelProps<SciencedataModule>) {
  const items = pageItems(data.sciencedata).slice(0, sciencedataCount(module.span));
  const two = !isSingleColumn(module.span);
  return (
    <PanelShell module={module} site={site} more={moreLinkOf(sciencedataDefinition, module, site)} className="atr-p--sciencedata">
      <PanelStatus
        loading={loading}
        error={error}
        empty={items.length === 0}
        editable={editable}
        hint={<TopicHint site={site} type="sciencedata" />}
        skeleton={<ListSkeleton rows={6} />}
      >
        <PlainList
          module={module}
          site={site}
          twoColumns={two}
          entries={items.map((it, i) => {
            const id = idOf(it);
            return {
              key: id || `i${i}`,
              href: id ? resourceHref(text(it.type) || 'sciencedata', id) : null,
              title: titleOf(it),
              date: formatDate(it.publish_date) || formatDate(it.date),
            };
          })}
        />
      </PanelStatus>
    </PanelShell>
  );
}
