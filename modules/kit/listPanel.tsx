/**
 * The list-panel factory (spec 1 §3 'Listing items'; spec 2 §9 'Item counts'): the skeleton the list-like
 * module types share, so a type's Panel.tsx declares only what differs (its rows, its cards, its tabs).
 * - `listPanel`: one read shown as a plain list, one column at spans 0-2 and two wider (policy, standard,
 *   science data, notice); the type declares the count and the row (title, date, tags).
 * - `cardPanel`: one read shown as cards in two rows, 8, 6, 4 or 2 by span (book, scholar, journal);
 *   the type declares the cards.
 * - `tabbedPanel`: one tab per chosen data type, each its own read (research outputs, activities); the
 *   type declares the default tabs, the more link and a tab's body.
 * Every panel goes through the states of PanelShell.tsx: loading skeleton, content, empty (with the
 * type's hint in edit mode), load failure.
 */
import type { ReactNode } from 'react';
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { ModuleDefinition } from '../types.js';
import type { PanelProps, SiteContext } from '../types.app.js';
import { cardCountBySpan, isSingleColumn } from '../rules.js';
import { cardColumns, pageItems, type PanelItem } from './format';
import { PlainList, resourceEntry, type ListEntry } from './ItemList';
import { CardSkeleton, ListSkeleton, PanelShell, PanelStatus, TopicHint, moreLinkOf } from './PanelShell';
import { TabbedPanel, type TabbedPanelProps } from './TabbedPanel';

/** A row's tag that ends in … when longer than `maxWidth` (a CSS length), its whole text on hover. */
export function EllipsisTag({ text, maxWidth }: { text: string; maxWidth: string }) {
  return (
    <span className="atr-p-tag atr-p-ellipsis" style={{ maxWidth }} title={text}>
      {text}
    </span>
  );
}

/** What every factory needs: the type (its read's key, its data page, the card's class) and its definition. */
interface PanelSpec<C extends ModuleConfig> {
  /** the module type: the key of its read in `data`, the resource type of its links, class `atr-p--{type}` */
  type: C['type'];
  /** the type's definition, for the more link (spec 1 §2 'Priority of a panel's more link') */
  definition: Pick<ModuleDefinition<C>, 'moreLink'>;
}

/** A list panel's declaration; see `listPanel`. */
export interface ListPanelSpec<C extends ModuleConfig> extends PanelSpec<C> {
  /** how many items show at a span; every item of the read when absent (the notice read is already counted) */
  count?: (span: number) => number;
  /**
   * One row: what differs from the default entry (key the id, link /microapp/explore/resources/{type}/{id},
   * title the item's title, no date, no tags).
   */
  row: (it: PanelItem, i: number, module: C) => Partial<ListEntry>;
  /** the empty state's edit-mode hint; default: choose a topic, or open the topic's data page on the type */
  hint?: (module: C, site: SiteContext) => ReactNode;
  /** controls in the title bar before 更多, in edit mode only (the notice's 数据列表) */
  editExtra?: (module: C) => ReactNode;
}

/**
 * A list panel component from its declaration: the read `data[type]`, cut to `count(span)`, as a
 * PlainList in one column at spans 0-2 and two wider, inside PanelShell and PanelStatus (6 skeleton rows).
 */
export function listPanel<C extends ModuleConfig>(spec: ListPanelSpec<C>) {
  const { type, definition, count, row, hint, editExtra } = spec;
  return function ListPanel({ module, data, loading, error, editable, site }: PanelProps<C>) {
    const all = pageItems(data[type]);
    const items = count ? all.slice(0, count(module.span)) : all;
    return (
      <PanelShell
        module={module}
        site={site}
        more={moreLinkOf(definition, module, site)}
        className={`atr-p--${type}`}
        extra={editable && editExtra ? editExtra(module) : undefined}
      >
        <PanelStatus
          loading={loading}
          error={error}
          empty={items.length === 0}
          editable={editable}
          hint={hint ? hint(module, site) : <TopicHint site={site} type={type} />}
          skeleton={<ListSkeleton rows={6} />}
        >
          <PlainList
            module={module}
            site={site}
            twoColumns={!isSingleColumn(module.span)}
            entries={items.map((it, i) => ({ ...resourceEntry(it, i, type), ...row(it, i, module) }))}
          />
        </PanelStatus>
      </PanelShell>
    );
  };
}

/** What a card panel's cards receive: the items cut to the span's count, and the grid's columns. */
export interface CardsProps<C extends ModuleConfig> {
  items: PanelItem[];
  module: C;
  site: SiteContext;
  columns: number;
  editable: boolean;
}

/** A card panel's declaration; see `cardPanel`. */
export interface CardPanelSpec<C extends ModuleConfig> extends PanelSpec<C> {
  /** the cards of the items, laid out in `columns` columns */
  cards: (props: CardsProps<C>) => ReactNode;
}

/**
 * A card panel component from its declaration: the read `data[type]`, cut to cardCountBySpan(span) (two
 * rows of 8, 6, 4 or 2), as the type's cards inside PanelShell and PanelStatus (a card skeleton).
 */
export function cardPanel<C extends ModuleConfig>(spec: CardPanelSpec<C>) {
  const { type, definition, cards } = spec;
  return function CardPanel({ module, data, loading, error, editable, site }: PanelProps<C>) {
    const count = cardCountBySpan(module.span);
    const columns = cardColumns(count);
    const items = pageItems(data[type]).slice(0, count);
    return (
      <PanelShell module={module} site={site} more={moreLinkOf(definition, module, site)} className={`atr-p--${type}`}>
        <PanelStatus
          loading={loading}
          error={error}
          empty={items.length === 0}
          editable={editable}
          hint={<TopicHint site={site} type={type} />}
          skeleton={<CardSkeleton count={count} columns={columns} />}
        >
          {cards({ items, module, site, columns, editable })}
        </PanelStatus>
      </PanelShell>
    );
  };
}

/** What a tab's body receives: its data type, its items, the module, and whether it is two columns wide. */
export interface TabBodyProps<C extends ModuleConfig> {
  type: string;
  items: PanelItem[];
  module: C;
  site: SiteContext;
  twoColumns: boolean;
}

/** A tabbed panel's declaration; see `tabbedPanel`. */
export interface TabbedPanelSpec<C extends ModuleConfig & { dataType?: readonly string[] }> {
  /** the module type, for the card's class `atr-p--{type}` */
  type: C['type'];
  /** the tabs when the module chose none */
  defaultTypes: readonly string[];
  /** the more link: one for the panel, or one a tab (TabbedPanel's `more`) */
  more: (module: C, site: SiteContext) => TabbedPanelProps['more'];
  /** a tab's content */
  body: (props: TabBodyProps<C>) => ReactNode;
}

/**
 * A tabbed panel component from its declaration: one tab per chosen data type (`module.dataType`, else
 * `defaultTypes`), each tab the read `data[dataType]` with its own loading, empty and failure state
 * (5 skeleton rows).
 */
export function tabbedPanel<C extends ModuleConfig & { dataType?: readonly string[] }>(spec: TabbedPanelSpec<C>) {
  const { type: moduleType, defaultTypes, more, body } = spec;
  return function ListTabsPanel({ module, data, loading, error, editable, site }: PanelProps<C>) {
    const types = Array.isArray(module.dataType) && module.dataType.length ? module.dataType : [...defaultTypes];
    const twoColumns = !isSingleColumn(module.span);
    return (
      <TabbedPanel
        module={module}
        site={site}
        more={more(module, site)}
        types={types}
        className={`atr-p--${moduleType}`}
        render={(type) => {
          const page = data[type];
          const items = pageItems(page);
          return (
            <PanelStatus
              loading={loading && !page}
              error={error}
              empty={items.length === 0}
              editable={editable}
              hint={<TopicHint site={site} type={type} />}
              skeleton={<ListSkeleton rows={5} />}
            >
              {body({ type, items, module, site, twoColumns })}
            </PanelStatus>
          );
        }}
      />
    );
  };
}
