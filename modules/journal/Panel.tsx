/**
 * The visitor's journal panel (spec 1 §2 'journal form', §3 'Journal'; spec 2 §9 'Item counts'): cards
 * in two rows (8, 6, 4 or 2 by span) with the cover (a placeholder when missing), title, latest issue
 * (feed_time), collection, impact factor and ISSN, linking to /microapp/explore/resources/journal/{id}.
 * When content recommendation is on (showRecommendation) a signed-in user also sees 订阅 (已订阅 when
 * is_subscribed) on each journal: a toggle over /api/v3/subscriptions with the application id
 * (useSubscription.ts; spec 1 §2, spec 2 §7 'Subscriptions'); the subscribed journals are listed on
 * /subscriptions/journals.
 */
import { ReadOutlined } from '../kit/icons';
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { PanelProps, SiteContext } from '../types.app.js';
import { cardCountBySpan } from '../rules.js';
import { journalDefinition, type JournalModule } from './definition.js';
import { cardColumns, idOf, num, pageItems, text, titleOf, type PanelItem } from '../kit/format';
import { resourceHref } from '../kit/links';
import { SITE_MSG } from '../../common/siteMessages.js';
import { useSubscriptionToggle } from './useSubscription';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import { CardSkeleton, PanelShell, PanelStatus, TopicHint, moreLinkOf } from '../kit/PanelShell';

/** Latest issue without the duplicated 期/卷 of some feeds (spec 2 §9 'Feed time labels'). */
function feedLabel(v: unknown): string {
  return text(v).replace(/期期/g, '期').replace(/卷卷/g, '卷');
}

type Toggle = ReturnType<typeof useSubscriptionToggle>;

/** One journal card; `subscribe` (a toggle) shows the 订阅 / 已订阅 button. */
function JournalCard({ it, module, site, subscribe }: { it: PanelItem; module: ModuleConfig; site: SiteContext; subscribe: Toggle | null }) {
  const id = idOf(it);
  const title = titleOf(it);
  const href = id ? resourceHref(text(it.type) || 'journal', id) : null;
  const issue = feedLabel(it.feed_time);
  const collection = text(it.collection);
  const impact = num(it.impact_factor);
  const issn = text(it.issn);
  const numericId = typeof it.id === 'number' ? it.id : Number(it.id);
  const subscribed =
    subscribe && numericId > 0
      ? subscribe.isOn(numericId, it.is_subscribed === true || it.is_subscribed === 1)
      : it.is_subscribed === true || it.is_subscribed === 1;
  const cover = <Thumb src={it.cover} label={title} className="atr-p-journal__cover" />;
  return (
    <div className="atr-p-card atr-p-journal">
      {href ? (
        <PanelLink to={href} module={module} site={site} className="atr-p-journal__coverlink" title={title}>
          {cover}
        </PanelLink>
      ) : (
        cover
      )}
      <span className="atr-p-card__main">
        {href ? (
          <PanelLink to={href} module={module} site={site} className="atr-p-card__title atr-p-ellipsis" title={title}>
            {title}
          </PanelLink>
        ) : (
          <span className="atr-p-card__title atr-p-ellipsis" title={title}>
            {title}
          </span>
        )}
        <span className="atr-p-card__line atr-p-muted">
          {issue ? (
            <>
              <ReadOutlined /> {issue}
            </>
          ) : (
            '\u00a0'
          )}
        </span>
        <span className="atr-p-card__line atr-p-muted">
          {[impact != null ? `影响因子 ${impact}` : '', issn ? `ISSN ${issn}` : ''].filter(Boolean).join(' · ') || '\u00a0'}
        </span>
        <span className="atr-p-card__foot">
          {collection ? (
            <span className="atr-p-tag atr-p-ellipsis" title={collection}>
              {collection}
            </span>
          ) : (
            <span />
          )}
          {subscribe && numericId > 0 && (
            <button
              type="button"
              className={`atr-p-subscribe${subscribed ? ' is-on' : ''}`}
              aria-pressed={subscribed}
              disabled={subscribe.busy(numericId)}
              title={subscribed ? SITE_MSG.unsubscribeAction : SITE_MSG.subscribeAction}
              onClick={() => void subscribe.toggle(numericId, subscribed)}
            >
              {subscribed ? SITE_MSG.subscribedLabel : SITE_MSG.subscribeAction}
            </button>
          )}
        </span>
      </span>
    </div>
  );
}

/** The journal panel; props are PanelProps (modules/types.app.ts). */
export default function JournalPanel({ module, data, loading, error, editable, site }: PanelProps<JournalModule>) {
  const count = cardCountBySpan(module.span);
  const columns = cardColumns(count);
  const items = pageItems(data.journal).slice(0, count);
  const toggle = useSubscriptionToggle(site.user?.id, site.applicationId);
  const subscribe = !!site.user && !!module.showRecommendation && !editable ? toggle : null;
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
        <div className="atr-p-grid" style={{ ['--atr-p-cols' as string]: columns }}>
          {items.map((it, i) => (
            <JournalCard key={idOf(it) || i} it={it} module={module} site={site} subscribe={subscribe} />
          ))}
        </div>
      </PanelStatus>
    </PanelShell>
  );
}
