/**
 * The plain list of news, notice and research-output panels (spec 1 §3 'Listing items', spec 2 §9 'Item
 * counts'): one line per item with a dot, optional tags, the title (ellipsis, full title on hover) and
 * the date in grey on the right; one column, or two filled column by column on wide spans.
 */
import type { ReactNode } from 'react';
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { SiteContext } from '../types.app.js';
import { PanelLink } from './PanelLink';
import { idOf, text, titleOf, type PanelItem } from './format';
import { resourceHref } from './links';

/** One line of a plain list. */
export interface ListEntry {
  key: string;
  /** detail link; null renders the title as text (an item without id) */
  href: string | null;
  title: string;
  /** already formatted date, or '' for none */
  date?: string;
  /** small labels before the title (notice type, 置顶) */
  tags?: ReactNode;
}

export interface PlainListProps {
  entries: ListEntry[];
  /** two columns (spans 3-5, `!isSingleColumn(span)`) */
  twoColumns?: boolean;
  /** tighter lines (the news list beside its carousel) */
  dense?: boolean;
  module: ModuleConfig;
  site: SiteContext;
}

/** The list; see the file comment. Links open in the same tab (external ones in a new tab). */
export function PlainList({ entries, twoColumns, dense, module, site }: PlainListProps) {
  const rows = twoColumns ? Math.ceil(entries.length / 2) : entries.length;
  const cls = ['atr-p-list', twoColumns ? 'atr-p-list--two' : '', dense ? 'atr-p-list--dense' : ''].filter(Boolean).join(' ');
  return (
    <ul className={cls} style={twoColumns ? { gridTemplateRows: `repeat(${Math.max(rows, 1)}, auto)` } : undefined}>
      {entries.map((e) => (
        <li className="atr-p-list__item" key={e.key}>
          {e.tags}
          {e.href ? (
            <PanelLink to={e.href} module={module} site={site} className="atr-p-list__title" title={e.title}>
              {e.title}
            </PanelLink>
          ) : (
            <span className="atr-p-list__title" title={e.title}>
              {e.title}
            </span>
          )}
          {e.date ? <span className="atr-p-date">{e.date}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The list entry of one resource item (the `i`th): the title linking to the item's detail page
 * (/microapp/explore/resources/{type}/{id}, the item's own type first), no date; an item without id is
 * keyed `i{i}` and not linked.
 */
export function resourceEntry(it: PanelItem, i: number, type: string): ListEntry {
  const id = idOf(it);
  return { key: id || `i${i}`, href: id ? resourceHref(text(it.type) || type, id) : null, title: titleOf(it) };
}

/**
 * List entries of resource items (research outputs, activities): each a `resourceEntry` with the date
 * `dateOf` gives ('' for none).
 */
export function resourceEntries(items: readonly PanelItem[], type: string, dateOf: (it: PanelItem) => string): ListEntry[] {
  return items.map((it, i) => ({ ...resourceEntry(it, i, type), date: dateOf(it) }));
}
