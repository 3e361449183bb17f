/**
 * The visitor's research-output panel (spec 1 §3 `dataType`; spec 2 §9 'Article/report/patent split'):
 * one tab per chosen data type (论文, 专利, 报告), each a list of titles and dates (date, else the
 * publish year) linking to /microapp/explore/resources/{type}/{id} (reports: /microapp/report/detail/{id});
 * one column at spans 0-2, two wider. The 报告 tab's more link is the report list (decision 303).
 * Each tab has its own loading, empty and failure state.
 */
import { FRUIT_DATA_TYPES, fruitTabMoreLink, type FruitModule } from './definition.js';
import { formatDate } from '../kit/format';
import { PlainList, resourceEntries } from '../kit/ItemList';
import { moreLinkOf } from '../kit/PanelShell';
import { tabbedPanel } from '../kit/listPanel';

/** The research-output panel (a tabbed panel of modules/kit/listPanel.tsx); props are PanelProps (modules/types.app.ts). */
const FruitPanel = tabbedPanel<FruitModule>({
  type: 'fruit',
  defaultTypes: FRUIT_DATA_TYPES,
  more: (module, site) => (type) => moreLinkOf({ moreLink: (cfg: FruitModule, ctx) => fruitTabMoreLink(cfg, ctx, type) }, module, site),
  body: ({ type, items, module, site, twoColumns }) => (
    <PlainList
      module={module}
      site={site}
      twoColumns={twoColumns}
      entries={resourceEntries(items, type, (it) => formatDate(it.date) || formatDate(it.publish_year))}
    />
  ),
});
export default FruitPanel;
