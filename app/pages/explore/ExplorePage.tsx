/**
 * /microapp/explore?type=&q=&category=&page=&size= (spec 1 §2 'Explore',
 * 'Search'): the explore page of a site. With a query it searches the site's topic (GET /api/v1/search:
 * ranked results, facets by type and category with counts); without one it lists the type's resources
 * newest first (POST /api/v4/modules/top-{type}) with the topic's categories. The search runs only for a
 * non-empty query (spec 1 §5); a new search goes to page 1; clearing resets the filters. Every state of
 * the page lives in the URL, so a result page can be shared and the back button works.
 * 导出引用 (decision 282) exports the page's results, or the results the visitor ticked
 * (a box per result, 全选本页, 已选 n 条 · 清除; ticks last across the pages of one search, up to 100,
 * and are exported in result order); the export's links work without JavaScript (the whole page), the
 * boxes only once the page has hydrated.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Pagination, Skeleton } from 'antd';
import { PAGE_SIZE_CHOICES, DEFAULT_PAGE_SIZE, type ResourceType } from '@common/constants';
import { FIELD_FACETS } from '@common/searchFacets';
import { MSG } from '@common/messages';
import { ListFailure } from '../../shared/ListFailure';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { trackSearch } from '../../site/usage';
import { fieldText } from '../visitor/fields';
import { SearchFacets, typeLabel } from './searchParts';
import { PickAllBox, PickCount, PickableResult, PicksExport, usePicks } from './resultPicks';
import { useHydrated } from './CitationExport';
import { searchOf } from './citationPicks';
import { api } from '../../shared/apiClient';
import { advancedHref, minerHref } from '../miner/minerLinks';

/**
 * The search box: a plain GET form to this page (q, and the chosen type and page size as hidden fields),
 * so a visitor who presses Enter before the page has hydrated, or without JavaScript, still searches;
 * once hydrated the same fields go to the router without a reload (decision 259). A new search goes to
 * page 1 and drops the category, whose facets belong to the previous query.
 */
function SearchForm({
  q,
  type,
  size,
  busy,
  onSearch,
  onClear,
}: {
  q: string;
  type?: string;
  size: number;
  busy: boolean;
  onSearch(next: URLSearchParams): void;
  onClear(): void;
}) {
  return (
    <form
      role="search"
      method="get"
      action="/microapp/explore"
      className="atr-explore__search"
      onSubmit={(e) => {
        e.preventDefault();
        const next = new URLSearchParams();
        for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string' && v.trim()) next.set(k, v.trim());
        if (next.has('q')) onSearch(next);
        else onClear();
      }}
    >
      {type && <input type="hidden" name="type" value={type} />}
      {size !== DEFAULT_PAGE_SIZE && <input type="hidden" name="size" value={size} />}
      <div className="atr-searchbar">
        {/* a native, uncontrolled input: what a visitor types before the page hydrates stays (antd's Input would reset it) */}
        <input
          key={q}
          type="search"
          name="q"
          className="atr-searchbar__input"
          defaultValue={q}
          maxLength={200}
          placeholder={MSG.searchPlaceholder}
          aria-label={MSG.searchPlaceholder}
          onInput={(e) => {
            if (!e.currentTarget.value && q) onClear();
          }}
        />
        <Button type="primary" size="large" htmlType="submit" loading={busy}>
          {MSG.searchButton}
        </Button>
      </div>
    </form>
  );
}

/** The explore page; see the file comment. */
export default function ExplorePage() {
  return <VisitorFrame title={MSG.exploreTitle}>{(config) => <Explore applicationId={config.applicationId} />}</VisitorFrame>;
}

function Explore({ applicationId }: { applicationId: number }) {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const type = params.get('type') ?? undefined;
  const category = params.get('category') ?? undefined;
  const subcategory = category ? (params.get('subcategory') ?? undefined) : undefined;
  const fieldFacets = type ? (FIELD_FACETS[type as ResourceType] ?? []) : [];
  const fieldFilters = Object.fromEntries(fieldFacets.flatMap((f) => (params.get(f.key) ? [[f.key, params.get(f.key)!]] : [])));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('size'));
  const size = (PAGE_SIZE_CHOICES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const terms = useMemo(() => q.split(/\s+/).filter(Boolean), [q]);

  /** The explore URL with these parameters changed (undefined or '' removes one); a change goes to page 1. */
  const hrefWith = (next: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams(params);
    if (!('page' in next)) p.delete('page');
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    return `?${p}`;
  };
  const update = (next: Record<string, string | number | undefined>) => setParams(new URLSearchParams(hrefWith(next).slice(1)));
  /** Another type drops the type's own filters. */
  const typeHref = (v?: string) => {
    const drop = Object.fromEntries(fieldFacets.map((f) => [f.key, undefined]));
    return hrefWith({ ...drop, type: v, category: undefined, subcategory: undefined });
  };

  const results = useQuery({
    queryKey: ['explore', applicationId, q, type, category, subcategory, fieldFilters, page, size],
    enabled: q !== '' || !!type,
    queryFn: ({ signal }) => api.get('/api/v1/search', { query: { q, type, applicationId, category, subcategory, ...fieldFilters, page, size }, signal }),
    placeholderData: (prev) => prev,
    // the server rendered these results: no second search as the page hydrates
    staleTime: 60_000,
  });

  const data = results.data;
  const facets = data?.facets;
  // usage beacons: a search counts once, with its hit count, when its first page arrives
  const counted = useRef('');
  const settled = !!data && !results.isPlaceholderData && q !== '';
  const hits = data?.totalElements ?? 0;
  useEffect(() => {
    if (!settled || counted.current === q) return;
    counted.current = q;
    trackSearch(q, hits);
  }, [settled, q, hits]);

  // ticked results (decision 282): they belong to the search shown, whatever its page; results still
  // shown while another search loads are not this search's: nothing to tick in them
  const hydrated = useHydrated();
  const picks = usePicks(data, searchOf(params), hydrated && !results.isPlaceholderData);
  const typeFacets: Array<{ value: string; count?: number }> = facets?.type ?? (type ? [{ value: type }] : []);

  return (
    <>
      <div className="atr-vcard">
        <div className="atr-crumbs">
          <Link to="/">{MSG.backHome}</Link> / {MSG.exploreTitle}
          {type ? ` / ${typeLabel(type)}` : ''}
        </div>
        <h1 className="atr-visually-hidden">{MSG.exploreTitle}</h1>
        <SearchForm
          q={q}
          type={type}
          size={size}
          busy={results.isFetching}
          onSearch={(next) => setParams(next)}
          onClear={() => update({ q: undefined, category: undefined, subcategory: undefined })}
        />
        {/* the advanced search (issue 31 §2) opens with this query as its first row, and these filters */}
        <Link className="atr-explore__advanced" to={advancedHref(params)}>
          {MSG.advancedFromExplore}
        </Link>
      </div>
      <div className="atr-explore">
        <aside className="atr-explore__facets">
          <SearchFacets
            facets={facets}
            types={q || type ? typeFacets : []}
            type={type}
            category={category}
            subcategory={subcategory}
            fieldFacets={fieldFacets}
            fieldFilters={fieldFilters}
            typeHref={typeHref}
            hrefWith={hrefWith}
            typeHint={q && !type && (facets?.type.length ?? 0) > 1 ? <p className="atr-facet__hint">{MSG.chooseTypeFirst}</p> : undefined}
          />
        </aside>
        <section className="atr-vcard atr-results" aria-busy={results.isFetching}>
          {!q && !type && <Empty description={MSG.searchPrompt} />}
          {(q || type) && results.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
          {results.isError && <ListFailure error={results.error} retry={() => void results.refetch()} />}
          {data &&
            (q || type) &&
            (data.content.length === 0 ? (
              <Empty
                description={
                  q ? (
                    <>
                      {MSG.searchNoResult}
                      <div>
                        <Button type="link" onClick={() => update({ q: undefined, category: undefined, subcategory: undefined })}>
                          {MSG.searchBack}
                        </Button>
                      </div>
                    </>
                  ) : (
                    MSG.noData
                  )
                }
              />
            ) : (
              <>
                <div className="atr-results__bar atr-picks-bar">
                  <PickAllBox picks={picks} />
                  <span>
                    {data.capped ? MSG.searchFoundMore(data.totalElements) : q ? MSG.searchFound(data.totalElements) : MSG.listTotal(data.totalElements)}
                  </span>
                  <PickCount picks={picks} />
                  {/* the literature analysis of this search (issue 31 §1): its filters carried over */}
                  <Link className="atr-btn atr-btn--small" to={minerHref(params)}>
                    {MSG.minerAnalyse}
                  </Link>
                  {/* the citations of the ticked results, or of this page's */}
                  <PicksExport picks={picks} />
                </div>
                {data.content.map((it, i) => (
                  <PickableResult
                    key={`${it.type}-${it.id}`}
                    it={it}
                    i={i}
                    terms={terms}
                    picks={picks}
                    abstract={fieldText(it.abstract ?? it.summary ?? it.description) || undefined}
                  />
                ))}
                <div className="atr-pager">
                  <Pagination
                    current={page}
                    pageSize={size}
                    total={data.totalElements}
                    showSizeChanger
                    showQuickJumper
                    pageSizeOptions={PAGE_SIZE_CHOICES.map(String)}
                    showTotal={(t) => (data.capped ? MSG.listTotalMore(t) : MSG.listTotal(t))}
                    onChange={(p, s) => update({ page: p === 1 ? undefined : p, size: s === DEFAULT_PAGE_SIZE ? undefined : s })}
                  />
                </div>
              </>
            ))}
        </section>
      </div>
    </>
  );
}
