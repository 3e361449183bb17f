/**
 * Journal cards, shared by the journal panel (Panel.tsx) and the journals 'more' page
 * (app/pages/explore/TopResourcesPage.tsx): each journal with its cover (a placeholder
 * when missing), title, latest issue (feed_time), impact factor, ISSN and collection, linking to
 * /microapp/explore/resources/journal/{id} (spec 1 §2 'journal form', §3 'Journal'). With `detailed`
 * (the more page, where a card has room) the English title, CN number and publication frequency are
 * shown too. When `subscribable` (content recommendation on and a signed-in visitor) each card has
 * 订阅 / 已订阅 (useSubscription.ts; spec 1 §2 'Journal subscriptions').
 */
import type { CSSProperties } from 'react';
import { ReadOutlined } from '../kit/icons';
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { SiteContext } from '../types.app.js';
import { idOf, num, text, titleOf, type PanelItem } from '../kit/format';
import { resourceHref } from '../kit/links';
import { SITE_MSG } from '../../common/siteMessages.js';
import { useSubscriptionToggle } from './useSubscription';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import '../kit/panel.css';
import './journal.css';

/** Latest issue without the duplicated 期/卷 of some feeds (spec 2 §9 'Feed time labels'). */
function feedLabel(v: unknown): string {
  return text(v).replace(/期期/g, '期').replace(/卷卷/g, '卷');
}

/** The impact factor and ISSN of a journal, e.g. ['影响因子 3.108', 'ISSN 2976-7290'] (only those known). */
export function journalFacts(it: PanelItem): string[] {
  const impact = num(it.impact_factor);
  const issn = text(it.issn);
  return [impact != null ? `影响因子 ${impact}` : '', issn ? `ISSN ${issn}` : ''].filter(Boolean);
}

type Toggle = ReturnType<typeof useSubscriptionToggle>;

/** One journal card; `subscribe` (a toggle) shows the 订阅 / 已订阅 button. */
function JournalCard({
  it,
  module,
  site,
  subscribe,
  detailed,
}: {
  it: PanelItem;
  module: ModuleConfig;
  site: SiteContext;
  subscribe: Toggle | null;
  detailed: boolean;
}) {
  const id = idOf(it);
  const title = titleOf(it);
  const href = id ? resourceHref(text(it.type) || 'journal', id) : null;
  const issue = feedLabel(it.feed_time);
  const collection = text(it.collection);
  const facts = journalFacts(it);
  const titleEn = detailed ? text(it.title_en) : '';
  const more = detailed ? [text(it.cn), text(it.frequency)].filter(Boolean).join(' · ') : '';
  const numericId = typeof it.id === 'number' ? it.id : Number(it.id);
  const subscribed =
    subscribe && numericId > 0
      ? subscribe.isOn(numericId, it.is_subscribed === true || it.is_subscribed === 1)
      : it.is_subscribed === true || it.is_subscribed === 1;
  const cover = <Thumb src={it.cover} label={title} className="atr-p-journal__cover" />;
  return (
    <div className={`atr-p-card atr-p-journal${detailed ? ' atr-p-journal--detailed' : ''}`}>
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
        {titleEn && (
          <span className="atr-p-card__line atr-p-muted" title={titleEn}>
            {titleEn}
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
        {/* each fact unbroken: on a narrow card the line wraps between them rather than cutting the ISSN */}
        <span className="atr-p-card__line atr-p-muted atr-p-journal__facts">
          {facts.length
            ? facts.map((f, i) => (
                <span key={f}>
                  {i > 0 && ' · '}
                  <span className="atr-p-journal__fact">{f}</span>
                </span>
              ))
            : '\u00a0'}
        </span>
        {more && <span className="atr-p-card__line atr-p-muted">{more}</span>}
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

export interface JournalCardsProps {
  /** the journals: items of a top-journal page (id, title, cover, feed_time, impact_factor, issn, collection, …) */
  items: PanelItem[];
  /** the journal module whose links these are (its oauthBeforeRedirect guards the links) */
  module: ModuleConfig;
  site: SiteContext;
  /** a number of columns (the panel: by span), or 'auto' (as many cards of at least 300 px as fit; one on a phone) */
  columns: number | 'auto';
  /** show 订阅 / 已订阅 on each journal (needs `site.user`) */
  subscribable: boolean;
  /** also the English title, CN number and frequency (the more page) */
  detailed?: boolean;
}

/** The grid of journal cards; see the file comment. */
export function JournalCards({ items, module, site, columns, subscribable, detailed = false }: JournalCardsProps) {
  const toggle = useSubscriptionToggle(site.user?.id, site.applicationId);
  const subscribe = subscribable && !!site.user ? toggle : null;
  const style = columns === 'auto' ? undefined : ({ ['--atr-p-cols' as string]: columns } as CSSProperties);
  return (
    <div className={`atr-p-grid${columns === 'auto' ? ' atr-p-grid--auto' : ''}`} style={style}>
      {items.map((it, i) => (
        <JournalCard key={idOf(it) || i} it={it} module={module} site={site} subscribe={subscribe} detailed={detailed} />
      ))}
    </div>
  );
}
