/**
 * Scholar cards, shared by the scholar panel (Panel.tsx) and the scholars 'more' page
 * (app/pages/explore/TopResourcesPage.tsx; docs/decisions.md 433): each scholar with the avatar (an
 * initial-letter circle when missing), name and professional title, institution, research field,
 * academic title and research-output count (spec 1 §3 'Scholar'), linking to the profile
 * /microapp/profile/{id}.
 */
import type { CSSProperties } from 'react';
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { SiteContext } from '../types.app.js';
import { idOf, num, text, titleOf, type PanelItem } from '../kit/format';
import { scholarHref } from '../kit/links';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import '../kit/panel.css';

/** One scholar card. */
function ScholarCard({ it, module, site }: { it: PanelItem; module: ModuleConfig; site: SiteContext }) {
  const id = idOf(it);
  const name = titleOf(it);
  const pro = text(it.professional_title);
  const academic = text(it.academic_title);
  const inst = text(it.institution);
  const field = text(it.research_field);
  const fruits = num(it.fruits_total);
  const body = (
    <>
      <Thumb src={it.avatar} label={name} shape="round" className="atr-p-person__avatar" />
      <span className="atr-p-card__main">
        <span className="atr-p-person__name">
          <span className="atr-p-ellipsis">{name}</span>
          {pro && <span className="atr-p-person__pro">{pro}</span>}
        </span>
        <span className="atr-p-card__line">{inst || '\u00a0'}</span>
        <span className="atr-p-card__line atr-p-muted" title={field || undefined}>
          {field ? `研究方向：${field}` : '\u00a0'}
        </span>
        <span className="atr-p-card__foot">
          {academic ? (
            <span className="atr-p-tag atr-p-tag--soft atr-p-ellipsis" title={academic}>
              {academic}
            </span>
          ) : (
            <span />
          )}
          {fruits != null && (
            <span className="atr-p-stat">
              成果 <b>{fruits}</b>
            </span>
          )}
        </span>
      </span>
    </>
  );
  return id ? (
    <PanelLink to={scholarHref(id)} module={module} site={site} className="atr-p-card atr-p-person" title={name}>
      {body}
    </PanelLink>
  ) : (
    <div className="atr-p-card atr-p-person">{body}</div>
  );
}

export interface ScholarCardsProps {
  /** the scholars: items of a top-scholar page (id, title, avatar, professional_title, institution, research_field, …) */
  items: PanelItem[];
  /** the scholar module whose links these are (its oauthBeforeRedirect guards the links) */
  module: ModuleConfig;
  site: SiteContext;
  /** a number of columns (the panel: by span), or 'auto' (as many cards of at least 300 px as fit; one on a phone) */
  columns: number | 'auto';
}

/** The grid of scholar cards; see the file comment. */
export function ScholarCards({ items, module, site, columns }: ScholarCardsProps) {
  const style = columns === 'auto' ? undefined : ({ ['--atr-p-cols' as string]: columns } as CSSProperties);
  return (
    <div className={`atr-p-grid${columns === 'auto' ? ' atr-p-grid--auto' : ''}`} style={style}>
      {items.map((it, i) => (
        <ScholarCard key={idOf(it) || i} it={it} module={module} site={site} />
      ))}
    </div>
  );
}
