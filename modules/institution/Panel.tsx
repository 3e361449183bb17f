/**
 * The visitor's institution panel (spec 1 §3 'Institution'; spec 2 §9 'Item counts'): cards in two rows
 * (8, 6, 4 or 2 by span) with the logo (a placeholder with the initial when missing), name, place and
 * kind (location, or province and city; level), and the scholar and research-output counts, each
 * linking to /microapp/explore/resources/institution/{id}. The cards paint first; the counts are then
 * fetched by name (./counts.ts, POST /api/v1/resources/institution/fruit-scholar-count) and replace
 * the catalogue's own tallies when they arrive. The institutions 'more' page shows the same cards
 * (InstitutionGrid; docs/decisions.md 433).
 */
import type { CSSProperties } from 'react';
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { PanelProps, SiteContext } from '../types.app.js';
import { cardCountBySpan } from '../rules.js';
import { institutionDefinition, type InstitutionModule } from './definition.js';
import { cardColumns, idOf, num, pageItems, text, titleOf, type PanelItem } from '../kit/format';
import { resourceHref } from '../kit/links';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import { CardSkeleton, PanelShell, PanelStatus, TopicHint, moreLinkOf } from '../kit/PanelShell';
import { useInstitutionCounts, type InstitutionCounts } from './counts';

/** A count field: a number, or the total of a list of `{ count }` (fruit_count, scholar_count). */
function countOf(...values: unknown[]): number | null {
  for (const v of values) {
    const n = num(v);
    if (n != null) return n;
    if (Array.isArray(v)) {
      const parts = v.map((x) => (x && typeof x === 'object' ? num((x as Record<string, unknown>).count ?? (x as Record<string, unknown>).value) : num(x)));
      if (parts.some((p) => p != null)) return parts.reduce<number>((s, p) => s + (p ?? 0), 0);
    }
  }
  return null;
}

/** The name an institution is counted by: fields.institution, else its title. */
export const institutionNameOf = (it: PanelItem): string => text(it.institution) || titleOf(it);

/** One institution card; `counts` (fetched by name) win over the item's own tallies. */
function InstitutionCard({ it, module, site, counts }: { it: PanelItem; module: ModuleConfig; site: SiteContext; counts?: InstitutionCounts }) {
  const id = idOf(it);
  const name = titleOf(it);
  const where = text(it.location) || [text(it.province), text(it.city)].filter((p, i, all) => p && all.indexOf(p) === i).join(' ');
  const kind = text(it.institution_type) || text(it.level) || text(it.authority);
  const scholars = counts ? counts.scholars : countOf(it.scholars, it.scholar_count);
  const fruits = counts ? counts.fruits : countOf(it.fruits, it.fruit_count);
  const body = (
    <>
      <Thumb src={it.logo} label={name} fit="contain" className="atr-p-org__logo" />
      <span className="atr-p-card__main">
        <span className="atr-p-card__title atr-p-ellipsis">{name}</span>
        <span className="atr-p-card__line atr-p-muted">{[where, kind].filter(Boolean).join(' · ') || '\u00a0'}</span>
        <span className="atr-p-card__foot atr-p-card__foot--stats">
          <span className="atr-p-stat">
            学者 <b>{scholars ?? '—'}</b>
          </span>
          <span className="atr-p-stat">
            成果 <b>{fruits ?? '—'}</b>
          </span>
        </span>
      </span>
    </>
  );
  return id ? (
    <PanelLink to={resourceHref(text(it.type) || 'institution', id)} module={module} site={site} className="atr-p-card atr-p-org" title={name}>
      {body}
    </PanelLink>
  ) : (
    <div className="atr-p-card atr-p-org">{body}</div>
  );
}

/** The institution panel; props are PanelProps (modules/types.app.ts). */
export default function InstitutionPanel({ module, data, loading, error, editable, site }: PanelProps<InstitutionModule>) {
  const count = cardCountBySpan(module.span);
  const columns = cardColumns(count);
  const items = pageItems(data.institution).slice(0, count);
  return (
    <PanelShell module={module} site={site} more={moreLinkOf(institutionDefinition, module, site)} className="atr-p--institution">
      <PanelStatus
        loading={loading}
        error={error}
        empty={items.length === 0}
        editable={editable}
        hint={<TopicHint site={site} type="institution" />}
        skeleton={<CardSkeleton count={count} columns={columns} />}
      >
        <InstitutionGrid items={items} module={module} site={site} columns={columns} />
      </PanelStatus>
    </PanelShell>
  );
}

/** The cards of `items`, each with its counts from `counts` (name → counts) when known. */
export function InstitutionCards({
  items,
  module,
  site,
  counts,
}: {
  items: PanelItem[];
  module: ModuleConfig;
  site: SiteContext;
  counts: Map<string, InstitutionCounts> | null;
}) {
  return (
    <>
      {items.map((it, i) => (
        <InstitutionCard key={idOf(it) || i} it={it} module={module} site={site} counts={counts?.get(institutionNameOf(it))} />
      ))}
    </>
  );
}

/**
 * The grid of institution cards with their scholar and research-output counts (fetched by name, as the
 * panel does): `columns` a number (the panel: by span) or 'auto' (the more page: as many cards of at
 * least 300 px as fit; one on a phone).
 */
export function InstitutionGrid({ items, module, site, columns }: { items: PanelItem[]; module: ModuleConfig; site: SiteContext; columns: number | 'auto' }) {
  const counts = useInstitutionCounts(items.map(institutionNameOf));
  const style = columns === 'auto' ? undefined : ({ ['--atr-p-cols' as string]: columns } as CSSProperties);
  return (
    <div className={`atr-p-grid${columns === 'auto' ? ' atr-p-grid--auto' : ''}`} style={style}>
      <InstitutionCards items={items} module={module} site={site} counts={counts} />
    </div>
  );
}
