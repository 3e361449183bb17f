/**
 * /temp/map (spec 1 §2; issue 31 §3; docs/decisions.md 720-723): the map of China by provincial-level
 * division, counting the site's institutions, scholars or research outputs (the switch 机构 / 学者 / 成果,
 * `?metric=`), with a legend; a division chosen on the map or in the table (`?province=`) lists its
 * institutions with their scholar and output counts, linking to their pages.
 *
 * Server-rendered: the switch, the table of the 34 divisions (the text alternative of the map, links that
 * work without scripts) and a chosen division's list. The ECharts map (ChinaMap.tsx, with the GeoJSON)
 * is a lazy chunk loaded in the browser only, after hydration. Reads GET /api/v1/map/provinces and
 * GET /api/v1/map/provinces/{province}. Its own lazy chunk (App.tsx).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MSG, fillMsg } from '@common/messages';
import { MAP_METRICS, normaliseProvince, type MapMetric, type Province } from '@common/provinces';
import { resourceDetailHref } from '@common/resourceTypes';
import { api } from '../../shared/apiClient';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { ListFailure } from '../../shared/ListFailure';
import './map.css';

const ChinaMap = lazy(() => import('./ChinaMap'));

/** The switch's label of each metric. */
export const METRIC_LABELS: Record<MapMetric, string> = {
  institutions: MSG.mapMetricInstitutions,
  scholars: MSG.mapMetricScholars,
  records: MSG.mapMetricRecords,
};

/** The page; see the file comment. */
export default function MapPage() {
  return <VisitorFrame title={MSG.mapTitle}>{(config) => <MapView applicationId={config.applicationId} />}</VisitorFrame>;
}

const asMetric = (s: string | null): MapMetric => MAP_METRICS.find((m) => m === s) ?? 'institutions';

/** The address of the page with `metric` and `province` (none: no division chosen). */
const pageHref = (metric: MapMetric, province: Province | null) => {
  const q = new URLSearchParams();
  if (metric !== 'institutions') q.set('metric', metric);
  if (province) q.set('province', province);
  const s = q.toString();
  return s ? `/temp/map?${s}` : '/temp/map';
};

function MapView({ applicationId }: { applicationId: number }) {
  const [params, setParams] = useSearchParams();
  const metric = asMetric(params.get('metric'));
  const province = normaliseProvince(params.get('province'));
  const counts = useQuery({
    queryKey: ['map-provinces', applicationId, metric],
    queryFn: ({ signal }) => api.get('/api/v1/map/provinces', { query: { applicationId, metric }, signal }),
  });
  // the map is drawn in the browser only, once the page has hydrated
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const choose = (p: Province) => setParams(new URLSearchParams(pageHref(metric, p).split('?')[1]), { preventScrollReset: true });
  const label = METRIC_LABELS[metric];
  const data = counts.data;
  const rows = data ? [...data.provinces].sort((a, b) => b.count - a.count) : [];

  return (
    <section className="atr-vcard atr-map">
      <Crumbs trail={[[MSG.mapTitle]]} />
      <h1 className="atr-detail__title">{MSG.mapTitle}</h1>
      <p className="atr-map__intro">{MSG.mapIntro}</p>
      <nav className="atr-map__switch" aria-label={MSG.mapMetric}>
        <span className="atr-map__switch-label">{MSG.mapMetric}：</span>
        {MAP_METRICS.map((m) => (
          <Link
            key={m}
            to={pageHref(m, province)}
            preventScrollReset
            replace
            className={m === metric ? 'atr-map__metric atr-map__metric--on' : 'atr-map__metric'}
            aria-current={m === metric ? 'true' : undefined}
          >
            {METRIC_LABELS[m]}
          </Link>
        ))}
      </nav>
      {counts.isError ? (
        <ListFailure error={counts.error} retry={() => void counts.refetch()} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <>
          <div className="atr-map__canvas" data-map-metric={metric}>
            {mounted ? (
              <Suspense fallback={<p className="atr-map__loading">{MSG.mapLoading}</p>}>
                <ChinaMap provinces={data.provinces} metricLabel={label} selected={province} onSelect={choose} />
              </Suspense>
            ) : (
              <p className="atr-map__loading">{MSG.mapLoading}</p>
            )}
          </div>
          {data.unplaced > 0 && <p className="atr-map__note">{fillMsg(MSG.mapUnplaced, { n: data.unplaced })}</p>}
          {province && <ProvinceList applicationId={applicationId} province={province} />}
          <table className="atr-map__table atr-map__counts">
            <caption>{fillMsg(MSG.mapTableCaption, { metric: label })}</caption>
            <thead>
              <tr>
                <th scope="col">{MSG.mapProvince}</th>
                <th scope="col">{label}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.province} data-province={r.province} className={r.province === province ? 'atr-map__row--on' : undefined}>
                  <th scope="row">
                    <Link to={pageHref(metric, r.province)} preventScrollReset aria-label={fillMsg(MSG.mapShowProvince, { province: r.province })}>
                      {r.province}
                    </Link>
                  </th>
                  <td>{r.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

/** A division's institutions with their scholar and output counts, each linking to its page. */
function ProvinceList({ applicationId, province }: { applicationId: number; province: Province }) {
  const list = useQuery({
    queryKey: ['map-province', applicationId, province],
    queryFn: ({ signal }) => api.get('/api/v1/map/provinces/{province}', { params: { province }, query: { applicationId }, signal }),
  });
  const title = fillMsg(MSG.mapProvinceTitle, { province });
  return (
    <section className="atr-map__province" aria-label={title} data-province={province}>
      <h2 className="atr-map__h2">{title}</h2>
      {list.isError ? (
        <ListFailure error={list.error} retry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton active />
      ) : list.data.institutions.length === 0 ? (
        <p className="atr-map__note">{MSG.mapProvinceEmpty}</p>
      ) : (
        <table className="atr-map__table atr-map__table--wide">
          <thead>
            <tr>
              <th scope="col">{MSG.mapInstitution}</th>
              <th scope="col">{MSG.mapScholars}</th>
              <th scope="col">{MSG.mapRecords}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.institutions.map((i) => (
              <tr key={i.id}>
                <th scope="row">
                  <Link to={resourceDetailHref('institution', i.id)}>{i.title}</Link>
                </th>
                <td>{i.scholars}</td>
                <td>{i.records}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
