/**
 * /LiteratureMiner?q=&type=&category=&subcategory=&<field facet> (spec 1 §2, issue 31 §1; decisions
 * 710-713): the literature analysis of a search of the site, with the filters of /microapp/explore (its
 * 分析 button carries them; the URL holds them). GET /api/v1/literature answers publications per year,
 * the top 20 authors, institutions, journals and keywords, and the keyword co-occurrence and author
 * collaboration networks; a large set is computed in the background (`pending`): the page says
 * 正在分析… and asks again every 2 s until the result is there. Each top entry links to the search
 * narrowed by it; a click on a network node does the same. Every table downloads as CSV, every chart as
 * PNG; each chart has a table beside or below it (its text alternative). The page is server-rendered
 * (its frame, the search form and the state); the charts are a chunk of their own (MinerCharts.tsx).
 */
import { lazy, Suspense, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { FIELD_FACETS } from '@common/searchFacets';
import { MSG, fillMsg } from '@common/messages';
import { RESOURCE_TYPE_LABELS, type ResourceType } from '@common/constants';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { ListFailure } from '../../shared/ListFailure';
import { api } from '../../shared/apiClient';
import { downloadCsv } from './csv';
import { narrowedSearch } from './minerLinks';
import type { Counted, NetworkData } from './MinerCharts';
import './miner.css';

const YearChart = lazy(() => import('./MinerCharts').then((m) => ({ default: m.YearChart })));
const NetworkChart = lazy(() => import('./MinerCharts').then((m) => ({ default: m.NetworkChart })));

const subscribeNever = () => () => {};

/**
 * Its children once the page has hydrated (the charts draw in the browser only: the server renders,
 * and the browser first hydrates, the placeholder).
 */
function InBrowser({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  return hydrated ? <Suspense fallback={<Skeleton active />}>{children}</Suspense> : <Skeleton active />;
}

/** How often a pending analysis is asked again, ms. */
const POLL_MS = 2000;

/** The page; see the file comment. */
export default function LiteratureMinerPage() {
  return <VisitorFrame title={MSG.minerTitle}>{(config) => <Miner applicationId={config.applicationId} />}</VisitorFrame>;
}

/** A top list as a table (rank, name linked to the narrowed search, records) with its CSV download. */
function TopTable({ title, rows, hrefOf, file }: { title: string; rows: Counted[]; hrefOf(v: string): string; file: string }) {
  return (
    <section className="atr-vcard atr-miner__table" aria-label={title} data-table={title}>
      <div className="atr-miner__head">
        <h2>{title}</h2>
        <button
          type="button"
          className="atr-btn atr-btn--link atr-btn--small"
          disabled={!rows.length}
          onClick={() =>
            downloadCsv(
              file,
              [MSG.minerColRank, MSG.minerColName, MSG.minerColCount],
              rows.map((r, i) => [i + 1, r.value, r.count]),
            )
          }
        >
          {MSG.minerCsv}
        </button>
      </div>
      {rows.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">{MSG.minerColRank}</th>
              <th scope="col">{MSG.minerColName}</th>
              <th scope="col">{MSG.minerColCount}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.value}>
                <td>{i + 1}</td>
                <td>
                  <Link to={hrefOf(r.value)}>{r.value}</Link>
                </td>
                <td>{r.count.toLocaleString('zh-CN')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="atr-miner__none">{MSG.noData}</p>
      )}
    </section>
  );
}

/** A network's chart and its table of edges (the chart's text alternative), each downloadable. */
function NetworkSection({ title, network, onPick, file }: { title: string; network: NetworkData; onPick(v: string): void; file: string }) {
  const rows = network.edges.map((e) => [e.source, e.target, e.weight] as [string, string, number]);
  return (
    <section className="atr-vcard atr-miner__network" aria-label={title}>
      <div className="atr-miner__head">
        <h2>{title}</h2>
        <button
          type="button"
          className="atr-btn atr-btn--link atr-btn--small"
          disabled={!rows.length}
          onClick={() => downloadCsv(`${file}.csv`, [MSG.minerColSource, MSG.minerColTarget, MSG.minerColWeight], rows)}
        >
          {MSG.minerCsv}
        </button>
      </div>
      {network.nodes.length < 2 || !network.edges.length ? (
        <p className="atr-miner__none">{MSG.minerNetworkEmpty}</p>
      ) : (
        <>
          <p className="atr-miner__hint">{MSG.minerNetworkHint}</p>
          <InBrowser>
            <NetworkChart network={network} label={title} file={`${file}.png`} onPick={onPick} />
          </InBrowser>
          <details className="atr-miner__edges">
            <summary>{MSG.minerEdgesTable}</summary>
            <table>
              <thead>
                <tr>
                  <th scope="col">{MSG.minerColSource}</th>
                  <th scope="col">{MSG.minerColTarget}</th>
                  <th scope="col">{MSG.minerColWeight}</th>
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, 100).map(([s, t, w]) => (
                  <tr key={`${s}\u0000${t}`}>
                    <td>{s}</td>
                    <td>{t}</td>
                    <td>{w}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}

function Miner({ applicationId }: { applicationId: number }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = (params.get('q') ?? '').trim();
  const type = params.get('type') ?? undefined;
  const category = params.get('category') ?? undefined;
  const subcategory = category ? (params.get('subcategory') ?? undefined) : undefined;
  const fieldFacets = type ? (FIELD_FACETS[type as ResourceType] ?? []) : [];
  const fieldFilters = Object.fromEntries(fieldFacets.flatMap((f) => (params.get(f.key) ? [[f.key, params.get(f.key)!]] : [])));
  const searchParams = useMemo(() => {
    const p = new URLSearchParams(params);
    p.delete('page');
    p.delete('size');
    return p;
  }, [params]);
  const asked = q !== '' || !!type;

  const analysis = useQuery({
    queryKey: ['literature', applicationId, q, type, category, subcategory, fieldFilters],
    enabled: asked,
    queryFn: ({ signal }) => api.get('/api/v1/literature', { query: { q, type, applicationId, category, subcategory, ...fieldFilters }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
  });
  const result = analysis.data?.status === 'ready' ? analysis.data.result : null;
  const narrowed = (v: string) => narrowedSearch(searchParams, v);
  const conditions = [
    q,
    type ? ((RESOURCE_TYPE_LABELS as Record<string, string>)[type] ?? type) : '',
    category ?? '',
    subcategory ?? '',
    ...Object.values(fieldFilters),
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <>
      <div className="atr-vcard">
        <div className="atr-crumbs">
          <Link to="/">{MSG.backHome}</Link> / <Link to={`/microapp/explore?${searchParams}`}>{MSG.exploreTitle}</Link> / {MSG.minerTitle}
        </div>
        <h1 className="atr-miner__title">{MSG.minerTitle}</h1>
        <form role="search" method="get" action="/LiteratureMiner" className="atr-miner__form">
          {[...searchParams]
            .filter(([k]) => k !== 'q')
            .map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
          <input
            key={q}
            type="search"
            name="q"
            className="atr-searchbar__input"
            defaultValue={q}
            maxLength={200}
            placeholder={MSG.searchPlaceholder}
            aria-label={MSG.searchPlaceholder}
          />
          <Button type="primary" htmlType="submit">
            {MSG.minerAnalyse}
          </Button>
        </form>
        {asked && (
          <p className="atr-miner__conditions">
            {MSG.minerQueryLabel}
            {conditions} · <Link to={`/microapp/explore?${searchParams}`}>{MSG.minerBack}</Link>
          </p>
        )}
      </div>
      {!asked && (
        <div className="atr-vcard">
          <Empty description={MSG.searchPrompt} />
        </div>
      )}
      {asked && analysis.isPending && (
        <div className="atr-vcard" role="status">
          {MSG.minerLoading}
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      )}
      {analysis.data?.status === 'pending' && (
        <div className="atr-vcard">
          {/* a plain link: without JavaScript the page is not asked again by itself */}
          <Alert
            type="info"
            showIcon
            role="status"
            title={MSG.minerPending}
            description={<a href={`/LiteratureMiner?${searchParams}`}>{MSG.minerRefresh}</a>}
          />
        </div>
      )}
      {analysis.isError && (
        <div className="atr-vcard">
          <ListFailure title={MSG.minerFailed} error={analysis.error} retry={() => void analysis.refetch()} />
        </div>
      )}
      {result && result.total === 0 && (
        <div className="atr-vcard">
          <Empty description={MSG.minerEmpty} />
        </div>
      )}
      {result && result.total > 0 && (
        <div className="atr-miner">
          <p className="atr-miner__summary" role="status">
            {fillMsg(MSG.minerSummary, { n: result.total.toLocaleString('zh-CN') })}
            {result.capped ? `（${fillMsg(MSG.minerCapped, { n: result.total.toLocaleString('zh-CN') })}）` : ''}
          </p>
          <section className="atr-vcard atr-miner__years" aria-label={MSG.minerYears}>
            <div className="atr-miner__head">
              <h2>{MSG.minerYears}</h2>
              <button
                type="button"
                className="atr-btn atr-btn--link atr-btn--small"
                disabled={!result.years.length}
                onClick={() =>
                  downloadCsv(
                    '年度发文量.csv',
                    [MSG.minerColYear, MSG.minerColCount],
                    result.years.map((y) => [y.value, y.count]),
                  )
                }
              >
                {MSG.minerCsv}
              </button>
            </div>
            {result.years.length ? (
              <>
                <InBrowser>
                  <YearChart years={result.years} />
                </InBrowser>
                <details className="atr-miner__edges">
                  <summary>{MSG.minerYears}</summary>
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">{MSG.minerColYear}</th>
                        <th scope="col">{MSG.minerColCount}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {result.years.map((y) => (
                        <tr key={y.value}>
                          <td>{y.value}</td>
                          <td>{y.count}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              </>
            ) : (
              <p className="atr-miner__none">{MSG.noData}</p>
            )}
          </section>
          <div className="atr-miner__grid">
            <TopTable title={MSG.minerAuthors} rows={result.authors} hrefOf={narrowed} file="作者.csv" />
            <TopTable title={MSG.minerInstitutions} rows={result.institutions} hrefOf={narrowed} file="机构.csv" />
            <TopTable title={MSG.minerJournals} rows={result.journals} hrefOf={narrowed} file="期刊.csv" />
            <TopTable title={MSG.minerKeywords} rows={result.keywords} hrefOf={narrowed} file="关键词.csv" />
          </div>
          <NetworkSection title={MSG.minerKeywordNetwork} network={result.keywordNetwork} onPick={(v) => navigate(narrowed(v))} file="关键词共现网络" />
          <NetworkSection title={MSG.minerAuthorNetwork} network={result.authorNetwork} onPick={(v) => navigate(narrowed(v))} file="作者合作网络" />
        </div>
      )}
    </>
  );
}
