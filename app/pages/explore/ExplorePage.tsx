/**
 * /microapp/explore?type=&q=&category=&page=&size= (spec 1 §2 'Explore'; issue 4 'Visitor pages',
 * 'Search'): the explore page of a site. With a query it searches the site's topic (GET /api/v1/search:
 * ranked results, facets by type and category with counts); without one it lists the type's resources
 * newest first (POST /api/v4/modules/top-{type}) with the topic's categories. The search runs only for a
 * non-empty query (spec 1 §5); a new search goes to page 1; clearing resets the filters. Every state of
 * the page lives in the URL, so a result page can be shared and the back button works.
 */
import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Pagination, Skeleton, Space } from 'antd';
import { PAGE_SIZE_CHOICES, RESOURCE_TYPE_LABELS, DEFAULT_PAGE_SIZE } from '@common/constants';
import { MSG } from '@common/messages';
import type { Page } from '@common/page';
import { TOP_KINDS, type TopKind } from '@modules/types';
import { formatDate } from '@modules/kit/format';
import { resourceHref, scholarHref } from '@modules/kit/links';
import { apiGet, errorMessage, request } from '../../api';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { fieldText } from '../visitor/fields';

interface Facet { value: string; count: number }
type Item = Record<string, unknown> & { id: number; type: string; title: string; date: string | null };
type SearchPage = Page<Item> & { facets?: { type: Facet[]; category: Facet[] } };
interface CategoryNode { label: string; value: string; children?: CategoryNode[] }

/** The Chinese name of a resource type (the type itself when unknown). */
export const typeLabel = (t: string): string => (RESOURCE_TYPE_LABELS as Record<string, string>)[t] ?? t;

/** Where a result leads: a scholar's profile, otherwise the resource detail page. */
export const itemHref = (it: { type: string; id: number | string }): string => (it.type === 'scholar' ? scholarHref(it.id) : resourceHref(it.type, it.id));

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
      if (plain) { out.push(plain); plain = ''; }
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
function metaOf(it: Item): string[] {
  const date = formatDate(it.date ?? it.publish_date ?? it.article_date ?? (it.publish_year ? `${it.publish_year}` : null));
  return [typeLabel(it.type), fieldText(it.author ?? it.institution ?? it.issuer ?? it.discipline), fieldText(it.category), date].filter(Boolean);
}

function FacetList({ title, facets, active, onPick, allLabel }: { title: string; facets: Array<{ value: string; count?: number }>; active?: string; onPick(v?: string): void; allLabel: string }) {
  return (
    <div className="atr-vcard atr-facet" role="group" aria-label={title}>
      <div className="atr-facet__head">{title}</div>
      <button type="button" className={`atr-facet__item${active ? '' : ' is-on'}`} onClick={() => onPick(undefined)}>{allLabel}</button>
      {facets.map((f) => (
        <button type="button" key={f.value} className={`atr-facet__item${active === f.value ? ' is-on' : ''}`} onClick={() => onPick(f.value)} aria-pressed={active === f.value}>
          <span>{typeLabel(f.value) === f.value ? f.value : typeLabel(f.value)}</span>
          {f.count != null && <span className="atr-facet__count">{f.count.toLocaleString('zh-CN')}</span>}
        </button>
      ))}
    </div>
  );
}

/**
 * The search box: a plain GET form to this page (q, and the chosen type and page size as hidden fields),
 * so a visitor who presses Enter before the page has hydrated, or without JavaScript, still searches;
 * once hydrated the same fields go to the router without a reload (decision 259). A new search goes to
 * page 1 and drops the category, whose facets belong to the previous query.
 */
function SearchForm({ q, type, size, busy, onSearch, onClear }: { q: string; type?: string; size: number; busy: boolean; onSearch(next: URLSearchParams): void; onClear(): void }) {
  return (
    <form role="search" method="get" action="/microapp/explore" className="atr-explore__search"
      onSubmit={(e) => {
        e.preventDefault();
        const next = new URLSearchParams();
        for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string' && v.trim()) next.set(k, v.trim());
        if (next.has('q')) onSearch(next); else onClear();
      }}>
      {type && <input type="hidden" name="type" value={type} />}
      {size !== DEFAULT_PAGE_SIZE && <input type="hidden" name="size" value={size} />}
      <Space.Compact block size="large">
        <Input key={q} type="search" name="q" defaultValue={q} allowClear maxLength={200} placeholder={MSG.searchPlaceholder} aria-label={MSG.searchPlaceholder}
          onChange={(e) => { if (e.type === 'click' && q) onClear(); }} />
        <Button type="primary" htmlType="submit" loading={busy}>{MSG.searchButton}</Button>
      </Space.Compact>
    </form>
  );
}

/** The explore page; see the file comment. */
export default function ExplorePage() {
  return <VisitorFrame title={MSG.exploreTitle}>{(config) => <Explore applicationId={config.applicationId} topicId={config.topicId ?? config.topic?.id ?? null} />}</VisitorFrame>;
}

function Explore({ applicationId, topicId }: { applicationId: number; topicId: number | null }) {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const type = params.get('type') ?? undefined;
  const category = params.get('category') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('size'));
  const size = (PAGE_SIZE_CHOICES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const terms = useMemo(() => q.split(/\s+/).filter(Boolean), [q]);
  const listable = !!type && (TOP_KINDS as readonly string[]).includes(type);

  const update = (next: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '') p.delete(k); else p.set(k, String(v));
    }
    setParams(p);
  };

  const results = useQuery({
    queryKey: ['explore', applicationId, q, type, category, page, size],
    enabled: q !== '' || listable,
    queryFn: ({ signal }) => q
      ? apiGet<SearchPage>('/api/v1/search', { q, type, applicationId, category, page, size }, signal)
      : request<SearchPage>(`/api/v4/modules/top-${type as TopKind}`, { method: 'POST', body: { offset: (page - 1) * size, count: size, ...(topicId != null ? { topicId } : {}), ...(category ? { categoryLevelOne: category } : {}) }, signal }),
    placeholderData: (prev) => prev,
  });
  const categories = useQuery({
    queryKey: ['categories', topicId],
    enabled: topicId != null && !q,
    queryFn: ({ signal }) => apiGet<CategoryNode[]>(`/api/v1/topics/${topicId}/categories`, undefined, signal),
    staleTime: 5 * 60_000,
  });

  const data = results.data;
  const typeFacets: Facet[] | Array<{ value: string }> = q ? (data?.facets?.type ?? []) : (type ? [{ value: type }] : []);
  const categoryFacets: Array<{ value: string; count?: number }> = q ? (data?.facets?.category ?? []) : (categories.data ?? []).map((c) => ({ value: c.value }));

  return (
    <>
      <div className="atr-vcard">
        <div className="atr-crumbs"><Link to="/">{MSG.backHome}</Link> / {MSG.exploreTitle}{type ? ` / ${typeLabel(type)}` : ''}</div>
        <h1 className="atr-visually-hidden">{MSG.exploreTitle}</h1>
        <SearchForm q={q} type={type} size={size} busy={results.isFetching} onSearch={(next) => setParams(next)} onClear={() => update({ q: undefined, category: undefined, page: undefined })} />
      </div>
      <div className="atr-explore">
        <aside className="atr-explore__facets">
          {(q || type) && <FacetList title={MSG.facetType} facets={typeFacets} active={type} allLabel={MSG.facetAll} onPick={(v) => update({ type: v, category: undefined, page: undefined })} />}
          {categoryFacets.length > 0 && <FacetList title={MSG.facetCategory} facets={categoryFacets} active={category} allLabel={MSG.facetAll} onPick={(v) => update({ category: v, page: undefined })} />}
        </aside>
        <section className="atr-vcard atr-results" aria-busy={results.isFetching}>
          {!q && !listable && <Empty description={MSG.searchPrompt} />}
          {(q || listable) && results.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
          {results.isError && <Alert type="error" showIcon title={MSG.loadFailed} description={errorMessage(results.error)} action={<Button size="small" onClick={() => results.refetch()}>{MSG.retry}</Button>} />}
          {data && (q || listable) && (
            data.content.length === 0
              ? <Empty description={q ? <>{MSG.searchNoResult}<div><Button type="link" onClick={() => update({ q: undefined, category: undefined, page: undefined })}>{MSG.searchBack}</Button></div></> : MSG.noData} />
              : <>
                <div className="atr-results__bar">
                  <span>{q ? MSG.searchFound(data.totalElements) : MSG.listTotal(data.totalElements)}</span>
                </div>
                {data.content.map((it) => (
                  <article className="atr-result" key={`${it.type}-${it.id}`}>
                    <Link className="atr-result__title" to={itemHref(it)}>{highlight(it.title, terms)}</Link>
                    <div className="atr-result__meta">{metaOf(it).map((m, i) => <span key={i}>{m}</span>)}</div>
                    {fieldText(it.abstract ?? it.summary ?? it.description) && <p className="atr-result__abstract">{fieldText(it.abstract ?? it.summary ?? it.description)}</p>}
                  </article>
                ))}
                <div className="atr-pager">
                  <Pagination current={page} pageSize={size} total={data.totalElements} showSizeChanger showQuickJumper
                    pageSizeOptions={PAGE_SIZE_CHOICES.map(String)} showTotal={(t) => MSG.listTotal(t)}
                    onChange={(p, s) => update({ page: p === 1 ? undefined : p, size: s === DEFAULT_PAGE_SIZE ? undefined : s })} />
                </div>
              </>
          )}
        </section>
      </div>
    </>
  );
}
