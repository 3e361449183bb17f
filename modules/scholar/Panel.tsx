/**
 * The visitor's scholar panel (spec 1 §3 'Scholar'; spec 2 §9 'Item counts'): cards in two rows (8, 6, 4
 * or 2 by span) with the avatar (an initial-letter circle when missing), name and professional title,
 * institution, research field, academic title and research-output count, each linking to the profile
 * /microapp/profile/{id}.
 */
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { PanelProps, SiteContext } from '../types.app.js';
import { cardCountBySpan } from '../rules.js';
import { scholarDefinition, type ScholarModule } from './definition.js';
import { cardColumns, idOf, num, pageItems, text, titleOf, type PanelItem } from '../kit/format';
import { scholarHref } from '../kit/links';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import { CardSkeleton, PanelShell, PanelStatus, TopicHint, moreLinkOf } from '../kit/PanelShell';

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

/** The scholar panel; props are PanelProps (modules/types.app.ts). */
export default function ScholarPanel({ module, data, loading, error, editable, site }: PanelProps<ScholarModule>) {
  const count = cardCountBySpan(module.span);
  const columns = cardColumns(count);
  const items = pageItems(data.scholar).slice(0, count);
  return (
    <PanelShell module={module} site={site} more={moreLinkOf(scholarDefinition, module, site)} className="atr-p--scholar">
      <PanelStatus
        loading={loading}
        error={error}
        empty={items.length === 0}
        editable={editable}
        hint={<TopicHint site={site} type="scholar" />}
        skeleton={<CardSkeleton count={count} columns={columns} />}
      >
        <div className="atr-p-grid" style={{ ['--atr-p-cols' as string]: columns }}>
          {items.map((it, i) => (
            <ScholarCard key={idOf(it) || i} it={it} module={module} site={site} />
          ))}
        </div>
      </PanelStatus>
    </PanelShell>
  );
}
