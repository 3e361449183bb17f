/**
 * The visitor's journal panel (spec 1 §2 'journal form', §3 'Journal'; spec 2 §9 'Item counts'): cards
 * in two rows (8, 6, 4 or 2 by span) with the cover (a placeholder when missing), title, latest issue
 * (feed_time), collection, impact factor and ISSN, linking to /microapp/explore/resources/journal/{id}
 * (JournalCards.tsx, which the journals 'more' page shows too).
 * When content recommendation is on (showRecommendation) a signed-in user also sees 订阅 (已订阅 when
 * is_subscribed) on each journal: a toggle over /api/v3/subscriptions with the application id
 * (useSubscription.ts; spec 1 §2, spec 2 §7 'Subscriptions'); the subscribed journals are listed on
 * /subscriptions/journals.
 */
import { journalDefinition, type JournalModule } from './definition.js';
import { JournalCards } from './JournalCards';
import { cardPanel } from '../kit/listPanel';

/** The journal panel (a card panel of modules/kit/listPanel.tsx); props are PanelProps (modules/types.app.ts). */
const JournalPanel = cardPanel<JournalModule>({
  type: 'journal',
  definition: journalDefinition,
  cards: ({ items, module, site, columns, editable }) => (
    <JournalCards items={items} module={module} site={site} columns={columns} subscribable={!!module.showRecommendation && !editable} />
  ),
});
export default JournalPanel;
