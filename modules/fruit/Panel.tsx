/**
 * The visitor's research-output panel (spec 1 §3 `dataType`; spec 2 §9 'Article/report/patent split'):
 * one tab per chosen data type (论文, 专利, 报告), each a list of titles and dates (date, else the
 * publish year) linking to /microapp/explore/resources/{type}/{id} (reports: /microapp/report/detail/{id});
 * one column at spans 0-2, two wider. The 报告 tab's more link is the report list (decision 303).
 * Each tab has its own loading, empty and failure state.
 */
import type { PanelProps } from '../types.app.js';
import { isSingleColumn } from '../rules.js';
import { FRUIT_DATA_TYPES, fruitTabMoreLink, type FruitModule } from './definition.js';
import { formatDate, pageItems } from '../kit/format';
import { PlainList, resourceEntries } from '../kit/ItemList';
import { ListSkeleton, PanelStatus, TopicHint, moreLinkOf } from '../kit/PanelShell';
import { TabbedPanel } from '../kit/TabbedPanel';

/** The research-output panel; props are PanelProps (modules/types.app.ts). */
export default function FruitPanel({ module, data, loading, error, editable, site }: PanelProps<FruitModule>) {
  const types = Array.isArray(module.dataType) && module.dataType.length ? module.dataType : [...FRUIT_DATA_TYPES];
  const two = !isSingleColumn(module.span);
  return (
    <TabbedPanel
      module={module}
      site={site}
      more={(type) => moreLinkOf({ moreLink: (cfg: FruitModule, ctx) => fruitTabMoreLink(cfg, ctx, type) }, module, site)}
      types={types}
      className="atr-p--fruit"
      render={(type) => {
        const page = data[type];
        const items = pageItems(page);
        return (
          <PanelStatus
            loading={loading && !page}
            error={error}
            empty={items.length === 0}
            editable={editable}
            hint={<TopicHint site={site} type={type} />}
            skeleton={<ListSkeleton rows={5} />}
          >
            <PlainList
              module={module}
              site={site}
              twoColumns={two}
              entries={resourceEntries(items, type, (it) => formatDate(it.date) || formatDate(it.publish_year))}
            />
          </PanelStatus>
        );
      }}
    />
  );
}
