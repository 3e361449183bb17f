/**
 * The visitor's science data panel (spec 1 §3 'Listing items' Science data: publish_date, date; spec 2
 * §9): the topic's newest data sets as a list, one column at spans 0-2 and two wider (8 or 16), each
 * title linking to /microapp/explore/resources/sciencedata/{id} with its
 * publish date (publish_date, else the resource date).
 */
import { sciencedataCount, sciencedataDefinition, type SciencedataModule } from './definition.js';
import { formatDate } from '../kit/format';
import { listPanel } from '../kit/listPanel';

/** The science data panel (a list panel of modules/kit/listPanel.tsx); props are PanelProps (modules/types.app.ts). */
const SciencedataPanel = listPanel<SciencedataModule>({
  type: 'sciencedata',
  definition: sciencedataDefinition,
  count: sciencedataCount,
  row: (it) => ({ date: formatDate(it.publish_date) || formatDate(it.date) }),
});
export default SciencedataPanel;
