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
import type { PanelProps } from '../types.app.js';
import { cardCountBySpan } from '../rules.js';
import { journalDefinition, type JournalModule } from './definition.js';
import { cardColumns, pageItems } from '../kit/format';
import { JournalCards } from './JournalCards';
import { CardSkeleton, PanelShell, PanelStatus, TopicHint, moreLinkOf } from '../kit/PanelShell';

/** The journal panel; props are PanelProps (modules/types.app.ts). */
export default function JournalPanel({ module, data, loading, error, editable, site }: PanelProps<JournalModule>) {
  const count = cardCountBySpan(module.span);
  const columns = cardColumns(count);
  const items = pageItems(data.journal).slice(0, count);
  return (
    <PanelShell module={module} site={site} more={moreLinkOf(journalDefinition, module, site)} className="atr-p--journal">
      <PanelStatus
        loading={loading}
        error={error}
        empty={items.length === 0}
        editable={editable}
        hint={<TopicHint site={site} type="journal" />}
        skeleton={<CardSkeleton count={count} columns={columns} />}
      >
        <JournalCards items={items} module={module} site={site} columns={columns} subscribable={!!module.showRecommendation && !editable} />
      </PanelStatus>
    </PanelShell>
  );
}
