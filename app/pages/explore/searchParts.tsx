/**
 * The parts of a search results page shared by /microapp/explore and the advanced search /exploreV3:
 * type labels, result links and meta lines, the term highlighter, and the facet lists (a flat facet and
 * the two-level category tree), each entry a link so that they work before hydration.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { RESOURCE_TYPE_LABELS } from '@common/constants';
import { MSG } from '@common/messages';
import { formatDate } from '@modules/kit/format';
import { resourceDetailHref } from '@common/resourceTypes';
import { scalarText } from '@common/text';
import type { CategoryFacet, ResourceItem, SearchResult } from '@common/contracts/search';
import { CATEGORY_FACET_LABELS, SEARCH_CAP, type FieldFacet } from '@common/searchFacets';
import type { ResourceType } from '@common/constants';
import { fieldText } from '../visitor/fields';

/** The answers' shapes are the server's declared ones (common/contracts/search.ts). */
type Item = ResourceItem;

/** The Chinese name of a resource type (the type itself when unknown). */
export const typeLabel = (t: string): string => (RESOURCE_TYPE_LABELS as Record<string, string>)[t] ?? t;

/** Where a result leads: a scholar's profile, otherwise the resource detail page (the registry's `detail`). */
export const itemHref = (it: { type: string; id: number | string }): string => resourceDetailHref(it.type, it.id);

/** The title with each query term marked (<mark>), as React nodes; no HTML is built from text. */
export function highlight(title: string, terms: string[]): ReactNode[] {
  const wanted = terms.filter(Boolean).map((t) => t.toLowerCase());
  if (!wanted.length) return [title];
  const out: ReactNode[] = [];
  let i = 0;
  let plain = '';
  const lower = title.toLowerCase();
  while (i < title.length) {
    const hit = wanted.find((t) => lower.startsWith(t, i));
    if (hit) {
      if (plain) {
        out.push(plain);
        plain = '';
      }
      out.push(<mark key={i}>{title.slice(i, i + hit.length)}</mark>);
      i += hit.length;
    } else {
      plain += title[i];
      i += 1;
    }
  }
  if (plain) out.push(plain);
  return out;
}

/** The meta line of a result: type, date and the first informative fields. */
export function metaOf(it: Item): string[] {
  const date = formatDate(it.date ?? it.publish_date ?? it.article_date ?? (scalarText(it.publish_year) || null));
  return [typeLabel(it.type), fieldText(it.author ?? it.institution ?? it.issuer ?? it.discipline), fieldText(it.category), date].filter(Boolean);
}

/** A facet's count as shown: a lower bound ends in + (decision 261). */
export const countText = (n: number, exact: boolean) => `${n.toLocaleString('zh-CN')}${exact ? '' : '+'}`;

/** How many values a facet shows before 展开更多. */
export const FACET_SHOWN = 8;

/**
 * One facet: 全部 and its values with counts, each a link to the explore URL with that value (so it
 * works before hydration and without JavaScript); the chosen value is marked. `hrefOf(undefined)` is 全部.
 */
export function FacetList({
  title,
  facets,
  active,
  hrefOf,
  exact = true,
  labelOf = (v) => v,
}: {
  title: string;
  facets: Array<{ value: string; count?: number }>;
  active?: string;
  hrefOf(v?: string): string;
  exact?: boolean;
  labelOf?(v: string): string;
}) {
  const [open, setOpen] = useState(false);
  const chosen = facets.findIndex((f) => f.value === active);
  const shown = open || facets.length <= FACET_SHOWN ? facets : facets.slice(0, Math.max(FACET_SHOWN, chosen + 1));
  return (
    <div className="atr-vcard atr-facet" role="group" aria-label={title}>
      <div className="atr-facet__head">{title}</div>
      <Link className={`atr-facet__item${active ? '' : ' is-on'}`} to={hrefOf(undefined)} preventScrollReset aria-current={active ? undefined : 'true'}>
        {MSG.facetAll}
      </Link>
      {shown.map((f) => (
        <Link
          key={f.value}
          className={`atr-facet__item${active === f.value ? ' is-on' : ''}`}
          to={hrefOf(f.value)}
          preventScrollReset
          aria-current={active === f.value ? 'true' : undefined}
        >
          <span>{labelOf(f.value)}</span>
          {f.count != null && <span className="atr-facet__count">{countText(f.count, exact)}</span>}
        </Link>
      ))}
      {facets.length > shown.length || open ? (
        <button type="button" className="atr-facet__more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? MSG.facetLess : MSG.facetMore}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The two-level category tree (门类 -> 学科): first-level entries with counts, each folding out its
 * second-level ones (the chosen one open); each entry a link like {@link FacetList}'s.
 */
export function CategoryTree({
  title,
  nodes,
  category,
  subcategory,
  hrefOf,
  exact,
}: {
  title: string;
  nodes: CategoryFacet[];
  category?: string;
  subcategory?: string;
  hrefOf(c?: string, sub?: string): string;
  exact: boolean;
}) {
  const [unfolded, setUnfolded] = useState<Record<string, boolean>>({});
  return (
    <div className="atr-vcard atr-facet" role="group" aria-label={title}>
      <div className="atr-facet__head">{title}</div>
      <Link className={`atr-facet__item${category ? '' : ' is-on'}`} to={hrefOf()} preventScrollReset aria-current={category ? undefined : 'true'}>
        {MSG.facetAll}
      </Link>
      <ul className="atr-tree">
        {nodes.map((n) => {
          const open = unfolded[n.value] ?? n.value === category;
          const kids = n.children ?? [];
          return (
            <li key={n.value}>
              <div className="atr-tree__row">
                {kids.length > 0 ? (
                  <button
                    type="button"
                    className="atr-tree__fold"
                    aria-expanded={open}
                    aria-label={open ? MSG.facetFold(n.value) : MSG.facetUnfold(n.value)}
                    onClick={() => setUnfolded({ ...unfolded, [n.value]: !open })}
                  >
                    {open ? '▾' : '▸'}
                  </button>
                ) : (
                  <span className="atr-tree__fold" aria-hidden />
                )}
                <Link
                  className={`atr-facet__item${category === n.value && !subcategory ? ' is-on' : ''}`}
                  to={hrefOf(n.value)}
                  preventScrollReset
                  aria-current={category === n.value && !subcategory ? 'true' : undefined}
                >
                  <span>{n.value}</span>
                  <span className="atr-facet__count">{countText(n.count, exact)}</span>
                </Link>
              </div>
              {open && kids.length > 0 && (
                <ul className="atr-tree__kids">
                  {kids.map((k) => (
                    <li key={k.value}>
                      <Link
                        className={`atr-facet__item${category === n.value && subcategory === k.value ? ' is-on' : ''}`}
                        to={hrefOf(n.value, k.value)}
                        preventScrollReset
                        aria-current={category === n.value && subcategory === k.value ? 'true' : undefined}
                      >
                        <span>{k.value}</span>
                        <span className="atr-facet__count">{countText(k.count, exact)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The facets of a results page (explore and the advanced search): the type list, with a type its
 * category tree and field facets, and the lower-bound hint when they were counted over the cap.
 * `hrefWith` is the page's URL with parameters changed; `typeHref` its URL of another type (which drops
 * the type's own filters). `typeHint` follows the type list (explore's 先选择类型).
 */
export function SearchFacets({
  facets,
  types,
  type,
  category,
  subcategory,
  fieldFacets,
  fieldFilters,
  typeHref,
  hrefWith,
  typeHint,
}: {
  facets: SearchResult['facets'] | undefined;
  /** the type list shown (explore shows the chosen type alone before its answer) */
  types: Array<{ value: string; count?: number }>;
  type?: string;
  category?: string;
  subcategory?: string;
  fieldFacets: readonly FieldFacet[];
  fieldFilters: Record<string, string>;
  typeHref(v?: string): string;
  hrefWith(next: Record<string, string | undefined>): string;
  typeHint?: ReactNode;
}) {
  const exact = facets?.exact !== false;
  return (
    <>
      {types.length > 0 && (
        <FacetList title={MSG.facetType} facets={types} active={type} hrefOf={typeHref} exact={facets?.typesExact !== false} labelOf={typeLabel} />
      )}
      {typeHint}
      {type && (facets?.category.length ?? 0) > 0 && (
        <CategoryTree
          title={CATEGORY_FACET_LABELS[type as ResourceType] ?? MSG.facetCategory}
          nodes={facets!.category}
          category={category}
          subcategory={subcategory}
          exact={exact}
          hrefOf={(c, sub) => hrefWith({ category: c, subcategory: sub })}
        />
      )}
      {fieldFacets.map((f) => {
        const values = facets?.fields?.[f.key] ?? [];
        return values.length > 0 || fieldFilters[f.key] ? (
          <FacetList
            key={f.key}
            title={f.label}
            facets={values}
            active={fieldFilters[f.key]}
            exact={exact}
            hrefOf={(v) => hrefWith({ [f.key]: v })}
            labelOf={f.valueLabel}
          />
        ) : null;
      })}
      {facets && !exact && <p className="atr-facet__hint">{MSG.facetLowerBound(SEARCH_CAP)}</p>}
    </>
  );
}
