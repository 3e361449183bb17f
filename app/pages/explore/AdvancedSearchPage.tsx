/**
 * /exploreV3 (spec 1 §2; issue 31 §2, decisions 680-684): the advanced search of a site. A query builder
 * of rows (并且 / 或者 / 不含, a field, a value), each added and removed as in a library catalogue's
 * advanced search, with a year range and an order; GET /api/v1/search/advanced answers with the explore
 * page's facets and the years of the matches. The results show the matched terms marked in the title and
 * in an abstract's excerpt; a year histogram filters by a drag across its bars (or a click on one); the
 * results can be ticked and their citations exported as on the explore page. A signed-in reader saves the
 * search (with 每日提醒 of new results) and finds it, and the search history, under 我的检索 (MySearches.tsx).
 *
 * Every state lives in the address (`c=OP.field.value` per row, from, to, sort, type, category, the
 * field facets, page, size), so a search can be shared and the back button works; `?q=` (the explore
 * page's query) opens the same results as one 任意字段 row. The form is a plain GET form whose rows
 * post as o / f / v, so it searches before hydration and without JavaScript; once hydrated the same
 * rows go to the router as `c` parameters.
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Pagination, Skeleton } from 'antd';
import {
  ADVANCED_FIELDS,
  ADVANCED_OPS,
  ADVANCED_SORTS,
  MAX_CONDITIONS,
  MAX_CONDITION_TEXT,
  YEAR_MAX,
  YEAR_MIN,
  canonicalQuery,
  conditionParam,
  conditionProblem,
  conditionsOf,
  findingTerms,
  yearsProblem,
  type AdvancedCondition,
  type AdvancedField,
  type AdvancedOp,
  type AdvancedSort,
} from '@common/advancedSearch';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES, type ResourceType } from '@common/constants';
import { FIELD_FACETS, SEARCH_CAP } from '@common/searchFacets';
import { MSG, fillMsg } from '@common/messages';
import type { Facet } from '@common/contracts/search';
import { ListFailure } from '../../shared/ListFailure';
import { api } from '../../shared/apiClient';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { fieldText } from '../visitor/fields';
import { useHydrated } from './CitationExport';
import { SearchFacets, highlight } from './searchParts';
import { PickAllBox, PickCount, PickableResult, PicksExport, usePicks } from './resultPicks';
import './advanced.css';

// 我的检索 (saved searches and history) needs the browser's session: its own chunk, after hydration
const MySearches = lazy(() => import('./MySearches'));

/** The rows an empty search starts with, as a catalogue's advanced search shows them. */
const START_ROWS: AdvancedCondition[] = [
  { op: 'AND', field: 'title', value: '' },
  { op: 'AND', field: 'author', value: '' },
  { op: 'AND', field: 'keyword', value: '' },
];

/** Characters of an abstract shown around its first marked term. */
const EXCERPT = 160;

/** The part of `text` around the first of `terms` it holds (its start when none), with … where cut. */
export function excerpt(text: string, terms: string[], length = EXCERPT): string {
  const lower = text.toLowerCase();
  const at = Math.min(...terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0), Number.MAX_SAFE_INTEGER);
  const from = at === Number.MAX_SAFE_INTEGER ? 0 : Math.max(0, at - Math.floor(length / 4));
  const cut = text.slice(from, from + length);
  return `${from > 0 ? '…' : ''}${cut}${from + length < text.length ? '…' : ''}`;
}

/** The page; see the file comment. */
export default function AdvancedSearchPage() {
  return <VisitorFrame title={MSG.advancedTitle}>{(config) => <AdvancedSearch applicationId={config.applicationId} />}</VisitorFrame>;
}

interface Row extends AdvancedCondition {
  /** a stable key while rows are added and removed */
  key: number;
}

let nextKey = 1;
const keyed = (rows: AdvancedCondition[]): Row[] => rows.map((r) => ({ ...r, key: nextKey++ }));

/**
 * The query builder: one line per row (its join from the second row on, its field, its value, 删除),
 * 添加条件, the year range and 检索 / 清空条件. Native, uncontrolled fields: what a visitor types before
 * hydration stays. `onSearch` gets the rows, years and order read from the form.
 */
function QueryBuilder({
  conditions,
  from,
  to,
  sort,
  busy,
  problem,
  onSearch,
}: {
  conditions: AdvancedCondition[];
  from: string;
  to: string;
  sort: AdvancedSort;
  busy: boolean;
  problem: string | null;
  onSearch(next: URLSearchParams): void;
}) {
  const [rows, setRows] = useState<Row[]>(() => keyed(conditions.length ? conditions : START_ROWS));
  const [shown, setShown] = useState<string | null>(null);
  const said = shown ?? problem;
  return (
    <form
      role="search"
      method="get"
      action="/exploreV3"
      className="atr-advanced__form"
      aria-label={MSG.advancedTitle}
      onSubmit={(e) => {
        e.preventDefault();
        const form = new URLSearchParams();
        for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string') form.append(k, v);
        const next = new URLSearchParams();
        const picked = conditionsOf(form);
        const fromYear = (form.get('from') ?? '').trim();
        const toYear = (form.get('to') ?? '').trim();
        const wrong = conditionProblem(picked) ?? yearsProblem(fromYear ? Number(fromYear) : null, toYear ? Number(toYear) : null);
        setShown(wrong);
        if (wrong) return;
        for (const c of picked) next.append('c', conditionParam(c));
        if (fromYear) next.set('from', fromYear);
        if (toYear) next.set('to', toYear);
        if (sort !== 'relevance') next.set('sort', sort);
        onSearch(next);
      }}
    >
      <ol className="atr-advanced__rows">
        {rows.map((r, i) => (
          <li className="atr-advanced__row" key={r.key}>
            {i === 0 ? (
              <span className="atr-advanced__op atr-advanced__op--first" aria-hidden />
            ) : (
              <select name="o" className="atr-advanced__op" defaultValue={r.op} aria-label={`${MSG.advancedOp} ${i + 1}`}>
                {(Object.keys(ADVANCED_OPS) as AdvancedOp[]).map((o) => (
                  <option key={o} value={o}>
                    {ADVANCED_OPS[o]}
                  </option>
                ))}
              </select>
            )}
            <select name="f" className="atr-advanced__field" defaultValue={r.field} aria-label={`${MSG.advancedField} ${i + 1}`}>
              {(Object.keys(ADVANCED_FIELDS) as AdvancedField[]).map((f) => (
                <option key={f} value={f}>
                  {ADVANCED_FIELDS[f]}
                </option>
              ))}
            </select>
            <input
              name="v"
              type="text"
              className="atr-advanced__value"
              defaultValue={r.value}
              maxLength={MAX_CONDITION_TEXT}
              aria-label={`${MSG.advancedValue} ${i + 1}`}
              placeholder={MSG.advancedValue}
            />
            <button
              type="button"
              className="atr-btn atr-btn--link atr-btn--small"
              disabled={rows.length === 1}
              aria-label={`${MSG.advancedRemoveRow} ${i + 1}`}
              onClick={() => setRows(rows.filter((x) => x.key !== r.key))}
            >
              {MSG.pageDelete}
            </button>
          </li>
        ))}
      </ol>
      <div className="atr-advanced__more">
        <button
          type="button"
          className="atr-btn atr-btn--small"
          disabled={rows.length >= MAX_CONDITIONS}
          onClick={() => setRows([...rows, ...keyed([{ op: 'AND', field: 'any', value: '' }])])}
        >
          + {MSG.advancedAddRow}
        </button>
        <label className="atr-advanced__year">
          {MSG.advancedYearFrom}
          <input name="from" type="number" inputMode="numeric" min={YEAR_MIN} max={YEAR_MAX} defaultValue={from} key={`from-${from}`} />
        </label>
        <label className="atr-advanced__year">
          {MSG.advancedYearTo}
          <input name="to" type="number" inputMode="numeric" min={YEAR_MIN} max={YEAR_MAX} defaultValue={to} key={`to-${to}`} />
        </label>
        {sort !== 'relevance' && <input type="hidden" name="sort" value={sort} />}
        <span className="atr-advanced__actions">
          <Link className="atr-btn atr-btn--small" to="/exploreV3">
            {MSG.advancedReset}
          </Link>
          <Button type="primary" htmlType="submit" loading={busy}>
            {MSG.advancedSearch}
          </Button>
        </span>
      </div>
      {said && <Alert className="atr-advanced__problem" type="warning" showIcon title={said} />}
    </form>
  );
}

/**
 * The matches per year as bars: a drag across bars (or a click on one) keeps the years between; the
 * chosen range is marked. A table of the same numbers follows (the chart's text alternative).
 */
function YearHistogram({
  years,
  from,
  to,
  onPick,
  clearHref,
}: {
  years: Facet[];
  from?: number;
  to?: number;
  onPick(a: number, b: number): void;
  clearHref?: string;
}) {
  const [drag, setDrag] = useState<{ a: number; b: number } | null>(null);
  const most = Math.max(1, ...years.map((y) => y.count));
  const lo = drag ? Math.min(drag.a, drag.b) : from;
  const hi = drag ? Math.max(drag.a, drag.b) : to;
  const end = () => {
    if (drag) onPick(Math.min(drag.a, drag.b), Math.max(drag.a, drag.b));
    setDrag(null);
  };
  return (
    <section className="atr-vcard atr-advanced__years" aria-label={MSG.advancedYears}>
      <div className="atr-advanced__years-head">
        <h2>{MSG.advancedYears}</h2>
        {clearHref && (
          <Link className="atr-btn atr-btn--link atr-btn--small" to={clearHref}>
            {MSG.advancedYearsClear}
          </Link>
        )}
      </div>
      <p className="atr-advanced__hint">{MSG.advancedYearsHint}</p>
      <div className="atr-advanced__bars" onPointerLeave={() => setDrag(null)} onPointerUp={end}>
        {years.map((y) => {
          const year = Number(y.value);
          const on = lo !== undefined && hi !== undefined ? year >= lo && year <= hi : lo !== undefined ? year >= lo : hi !== undefined ? year <= hi : false;
          return (
            <button
              key={y.value}
              type="button"
              className={`atr-advanced__bar${on ? ' is-on' : ''}`}
              title={`${y.value} 年：${y.count} 条`}
              onPointerDown={(e) => {
                e.currentTarget.releasePointerCapture?.(e.pointerId);
                setDrag({ a: year, b: year });
              }}
              onPointerEnter={() => drag && setDrag({ ...drag, b: year })}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onPick(year, year);
                }
              }}
            >
              <span className="atr-advanced__bar-fill" style={{ height: `${Math.max(4, Math.round((y.count / most) * 100))}%` }} />
              <span className="atr-advanced__bar-year" aria-hidden>
                {y.value.slice(2)}
              </span>
              <span className="atr-visually-hidden">{`${y.value} 年：${y.count} 条`}</span>
            </button>
          );
        })}
      </div>
      <details className="atr-advanced__table">
        <summary>{MSG.advancedYearsTable}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{MSG.minerColYear}</th>
              <th scope="col">{MSG.minerColCount}</th>
            </tr>
          </thead>
          <tbody>
            {years.map((y) => (
              <tr key={y.value}>
                <td>{y.value}</td>
                <td>{y.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function AdvancedSearch({ applicationId }: { applicationId: number }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const conditions = useMemo(() => conditionsOf(params), [params]);
  const fromText = params.get('from') ?? '';
  const toText = params.get('to') ?? '';
  const from = /^\d{4}$/.test(fromText) ? Number(fromText) : undefined;
  const to = /^\d{4}$/.test(toText) ? Number(toText) : undefined;
  const sortParam = params.get('sort') ?? '';
  const sort: AdvancedSort = Object.hasOwn(ADVANCED_SORTS, sortParam) ? (sortParam as AdvancedSort) : 'relevance';
  const type = params.get('type') ?? undefined;
  const category = params.get('category') ?? undefined;
  const subcategory = category ? (params.get('subcategory') ?? undefined) : undefined;
  const fieldFacets = type ? (FIELD_FACETS[type as ResourceType] ?? []) : [];
  const fieldFilters = Object.fromEntries(fieldFacets.flatMap((f) => (params.get(f.key) ? [[f.key, params.get(f.key)!]] : [])));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('size'));
  const size = (PAGE_SIZE_CHOICES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const terms = useMemo(() => findingTerms(conditions), [conditions]);
  const problem = conditions.length ? (conditionProblem(conditions) ?? yearsProblem(from ?? null, to ?? null)) : null;
  const asked = conditions.length > 0 && !problem;

  /** This page's URL, the rows as `c` parameters, with these parameters changed (undefined removes one); a change goes to page 1. */
  const hrefWith = (next: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams(params);
    for (const k of ['o', 'f', 'v', 'q', 'c']) p.delete(k);
    for (const c of conditions) p.append('c', conditionParam(c));
    if (!('page' in next)) p.delete('page');
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    return `/exploreV3?${p}`;
  };
  const typeHref = (v?: string) =>
    hrefWith({ ...Object.fromEntries(fieldFacets.map((f) => [f.key, undefined])), type: v, category: undefined, subcategory: undefined });

  const results = useQuery({
    queryKey: ['advanced', applicationId, conditions, from, to, sort, type, category, subcategory, fieldFilters, page, size],
    enabled: asked,
    queryFn: ({ signal }) =>
      api.get('/api/v1/search/advanced', {
        query: { c: conditions.map(conditionParam), from, to, sort, type, applicationId, category, subcategory, ...fieldFilters, page, size },
        signal,
      }),
    placeholderData: (prev) => prev,
    staleTime: 60_000,
  });
  const data = asked ? results.data : undefined;
  const facets = data?.facets;

  // ticked results, as on the explore page (decision 282): they belong to the search shown
  const hydrated = useHydrated();
  const picks = usePicks(data, hrefWith({}), hydrated && !results.isPlaceholderData);

  const sortLinks: ReactNode = (
    <span className="atr-advanced__sorts" role="group" aria-label={MSG.advancedSort}>
      {MSG.advancedSort}：
      {(Object.keys(ADVANCED_SORTS) as AdvancedSort[]).map((s) => (
        <Link
          key={s}
          className={`atr-advanced__sort${s === sort ? ' is-on' : ''}`}
          aria-current={s === sort ? 'true' : undefined}
          to={hrefWith({ sort: s === 'relevance' ? undefined : s })}
          preventScrollReset
        >
          {ADVANCED_SORTS[s]}
        </Link>
      ))}
    </span>
  );

  return (
    <>
      <div className="atr-vcard">
        <div className="atr-crumbs">
          <Link to="/">{MSG.backHome}</Link> / <Link to="/microapp/explore">{MSG.exploreTitle}</Link> / {MSG.advancedTitle}
        </div>
        <h1 className="atr-advanced__title">{MSG.advancedTitle}</h1>
        <QueryBuilder
          key={params.toString()}
          conditions={conditions}
          from={fromText}
          to={toText}
          sort={sort}
          busy={results.isFetching}
          problem={problem}
          onSearch={(next) => {
            // the form's rows replace the search; the type stays, the filters of the last results go
            if (type) next.set('type', type);
            if (size !== DEFAULT_PAGE_SIZE) next.set('size', String(size));
            setParams(next);
          }}
        />
      </div>
      <div className="atr-explore">
        <aside className="atr-explore__facets">
          <SearchFacets
            facets={facets}
            types={data ? facets!.type : []}
            type={type}
            category={category}
            subcategory={subcategory}
            fieldFacets={fieldFacets}
            fieldFilters={fieldFilters}
            typeHref={typeHref}
            hrefWith={hrefWith}
          />
          {hydrated && (
            <Suspense fallback={null}>
              <MySearches applicationId={applicationId} query={asked ? canonicalQuery(params) : ''} />
            </Suspense>
          )}
        </aside>
        <div className="atr-advanced__main">
          {data && data.years.length > 0 && (
            <YearHistogram
              years={data.years}
              from={from}
              to={to}
              clearHref={from !== undefined || to !== undefined ? hrefWith({ from: undefined, to: undefined }) : undefined}
              onPick={(a, b) => void navigate(hrefWith({ from: a, to: b }), { preventScrollReset: true })}
            />
          )}
          <section className="atr-vcard atr-results" aria-busy={results.isFetching} aria-label={MSG.advancedTitle}>
            {!conditions.length && <Empty description={MSG.advancedStart} />}
            {asked && results.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
            {asked && results.isError && <ListFailure title={MSG.advancedFailed} error={results.error} retry={() => void results.refetch()} />}
            {data &&
              (data.content.length === 0 ? (
                <Empty description={MSG.advancedEmpty} />
              ) : (
                <>
                  <div className="atr-results__bar atr-picks-bar">
                    <PickAllBox picks={picks} />
                    <span role="status">{fillMsg(MSG.advancedTotal, { n: data.totalElements.toLocaleString('zh-CN') })}</span>
                    <PickCount picks={picks} />
                    {sortLinks}
                    <PicksExport picks={picks} />
                  </div>
                  {data.capped && (
                    <Alert
                      className="atr-advanced__capped"
                      type="info"
                      showIcon
                      title={fillMsg(MSG.advancedCapped, { n: SEARCH_CAP.toLocaleString('zh-CN') })}
                    />
                  )}
                  {data.content.map((it, i) => {
                    const abstract = fieldText(it.abstract ?? it.summary ?? it.description);
                    return (
                      <PickableResult
                        key={`${it.type}-${it.id}`}
                        testId="advanced-result"
                        it={it}
                        i={i}
                        terms={terms}
                        picks={picks}
                        abstract={
                          abstract ? (
                            <>
                              {MSG.advancedSnippet}
                              {highlight(excerpt(abstract, terms), terms)}
                            </>
                          ) : undefined
                        }
                      />
                    );
                  })}
                  <div className="atr-pager">
                    <Pagination
                      current={page}
                      pageSize={size}
                      total={data.totalElements}
                      showSizeChanger
                      pageSizeOptions={PAGE_SIZE_CHOICES.map(String)}
                      showTotal={(t) => MSG.listTotal(t)}
                      onChange={(p, s) => void navigate(hrefWith({ page: p === 1 ? undefined : p, size: s === DEFAULT_PAGE_SIZE ? undefined : s }))}
                    />
                  </div>
                </>
              ))}
          </section>
        </div>
      </div>
    </>
  );
}
