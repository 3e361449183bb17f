/**
 * /console/analysis (docs/decisions.md 318-323): usage analytics of one application. The
 * manager chooses the application (`?applicationId=`, the first one they manage by default, as
 * /console/reports does) and a range of days (`?from=&to=`, the last 7 days by default; presets 最近 7 天
 * and 最近 30 天). The page shows the period's totals with their change against the previous period of
 * equal length (↑12%), a line chart of views and visitors per day (the previous period dashed), a bar
 * chart of the home page's panels (views and clicks), and tables of the most opened resources, the most
 * frequent searches and the searches that found nothing, each with a last row 其他 for what the list
 * leaves out (docs/decisions.md 408), so that a list adds up to its total. Call: GET
 * /api/v1/applications/{id}/analytics.
 * A lazy chunk of its own (with ECharts, ./Chart.tsx), inside the console guard's antd providers.
 */
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Result, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MSG } from '@common/messages';
import { RESOURCE_TYPE_LABELS, type ResourceType } from '@common/constants';

import { changePercent, type UsageReport, type UsageTotals } from '@common/analytics';
import { errorMessage } from '../../api';
import { PageSpinner } from '../../pages/PageSpinner';
import { PageHead } from '../PageHead';
import { ApiKeyUsageCard } from '../apiKeys/ApiKeyUsageCard';

import { Chart, type ChartOption } from './Chart';
import '../console.css';
import './analysis.css';
import { api } from '../../shared/apiClient';

const DAY = 'YYYY-MM-DD';
const isDay = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && dayjs(s, DAY).isValid();

/** The cards: which total, under which name. */
const CARDS: Array<[keyof UsageTotals, string]> = [
  ['views', MSG.analyticsViews],
  ['visitors', MSG.analyticsVisitors],
  ['panelClicks', MSG.analyticsPanelClicks],
  ['searches', MSG.analyticsSearches],
  ['zeroSearches', MSG.analyticsZeroSearches],
  ['signins', MSG.analyticsSignins],
];

/** The analysis page; see the file comment. */
export default function AnalysisPage() {
  const [params, setParams] = useSearchParams();
  const apps = useQuery({
    queryKey: ['applications', 'analysis'],
    queryFn: ({ signal }) => api.get('/api/v1/applications', { query: { page: 1, size: 200 }, signal }),
  });
  useEffect(() => {
    document.title = `${MSG.analyticsTitle} · ${MSG.consoleTitle}`;
  }, []);
  const list = apps.data?.content ?? [];
  const chosen = Number(params.get('applicationId')) || null;
  const app = list.find((a) => a.applicationId === chosen) ?? list[0];
  const today = dayjs().format(DAY);
  const asked = { from: params.get('from'), to: params.get('to') };
  const to = isDay(asked.to) ? asked.to : today;
  const from = isDay(asked.from) ? asked.from : dayjs(to, DAY).subtract(6, 'day').format(DAY);

  const report = useQuery({
    queryKey: ['analysis', app?.applicationId, from, to],
    enabled: !!app,
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/analytics', { params: { id: app.applicationId }, query: { from, to }, signal }),
    placeholderData: keepPreviousData,
  });

  if (apps.isPending) return <PageSpinner />;
  if (apps.isError) return <Result status="warning" title={errorMessage(apps.error)} />;
  if (!app) return <Result status="info" title={MSG.analyticsNoApplication} />;

  const set = (next: Record<string, string>) => setParams({ applicationId: String(app.applicationId), from, to, ...next });
  const presets: Array<{ label: string; value: [Dayjs, Dayjs] }> = [
    { label: MSG.analyticsLast7, value: [dayjs().subtract(6, 'day'), dayjs()] },
    { label: MSG.analyticsLast30, value: [dayjs().subtract(29, 'day'), dayjs()] },
  ];
  const data = report.data;
  const empty = !!data && Object.values(data.totals).every((n) => n === 0) && data.panels.every((p) => p.views + p.clicks === 0);

  return (
    <div className="atr-console__page atr-analysis">
      <PageHead title={MSG.analyticsTitle} hint={MSG.analyticsHint}>
        <Space wrap>
          <Select
            style={{ width: 220 }}
            value={app.applicationId}
            aria-label={MSG.analyticsApplication}
            options={list.map((a) => ({ value: a.applicationId, label: a.name }))}
            onChange={(v: number) => set({ applicationId: String(v) })}
          />
          <DatePicker.RangePicker
            aria-label={MSG.analyticsRange}
            allowClear={false}
            value={[dayjs(from, DAY), dayjs(to, DAY)]}
            presets={presets}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(v) => {
              if (v?.[0] && v[1]) set({ from: v[0].format(DAY), to: v[1].format(DAY) });
            }}
          />
        </Space>
      </PageHead>
      {report.isError ? (
        <Result status="warning" title={MSG.analyticsLoadFailed} subTitle={errorMessage(report.error)} />
      ) : !data ? (
        <PageSpinner />
      ) : (
        <Report data={data} empty={empty} />
      )}
      <ApiKeyUsageCard applicationId={app.applicationId} />
    </div>
  );
}

/** The change against the previous period: ↑12% / ↓5% / 0%, or 上一周期无数据. */
function Change({ current, previous }: { current: number; previous: number }) {
  const p = changePercent(current, previous);
  if (p === null) return <span className="atr-muted">{MSG.analyticsNoBasis}</span>;
  const cls = p > 0 ? 'atr-analysis__up' : p < 0 ? 'atr-analysis__down' : 'atr-muted';
  return (
    <span className={cls}>
      {MSG.analyticsVsPrevious} {p > 0 ? '↑' : p < 0 ? '↓' : ''}
      {Math.abs(p)}%
    </span>
  );
}

function Report({ data, empty }: { data: UsageReport; empty: boolean }) {
  const lineOption = useMemo<ChartOption>(() => {
    const labels = data.days.map((d) => d.day.slice(5));
    return {
      color: ['#0066ff', '#13a8a8', '#0066ff', '#13a8a8'],
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 8, right: 24, top: 40, bottom: 8 },
      xAxis: { type: 'category', data: labels, boundaryGap: false },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: MSG.analyticsViews, type: 'line', data: data.days.map((d) => d.views), symbolSize: 6 },
        { name: MSG.analyticsVisitors, type: 'line', data: data.days.map((d) => d.visitors), symbolSize: 6 },
        {
          name: `${MSG.analyticsViews}（${MSG.analyticsPrevious}）`,
          type: 'line',
          data: data.previousDays.map((d) => d.views),
          lineStyle: { type: 'dashed', opacity: 0.6 },
          itemStyle: { opacity: 0.6 },
          symbol: 'none',
        },
        {
          name: `${MSG.analyticsVisitors}（${MSG.analyticsPrevious}）`,
          type: 'line',
          data: data.previousDays.map((d) => d.visitors),
          lineStyle: { type: 'dashed', opacity: 0.6 },
          itemStyle: { opacity: 0.6 },
          symbol: 'none',
        },
      ],
    };
  }, [data]);

  const panels = data.panels;
  const barOption = useMemo<ChartOption>(
    () => ({
      color: ['#0066ff', '#fa8c16'],
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 24, top: 36, bottom: 8 },
      yAxis: { type: 'category', inverse: true, data: panels.map((p) => p.title), axisLabel: { width: 110, overflow: 'truncate' } },
      xAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: MSG.analyticsPanelViews, type: 'bar', data: panels.map((p) => p.views), barMaxWidth: 12 },
        { name: MSG.analyticsPanelClicks, type: 'bar', data: panels.map((p) => p.clicks), barMaxWidth: 12 },
      ],
    }),
    [panels],
  );

  const resourceColumns: TableColumnsType<UsageReport['resources'][number]> = [
    { title: MSG.analyticsResource, dataIndex: 'title', ellipsis: true },
    {
      title: MSG.analyticsResourceType,
      dataIndex: 'type',
      width: 110,
      render: (t: string) => <Tag>{RESOURCE_TYPE_LABELS[t as ResourceType] ?? t}</Tag>,
    },
    { title: MSG.analyticsOpens, dataIndex: 'opens', width: 100, align: 'right' },
  ];
  const searchColumns: TableColumnsType<{ query: string; count: number }> = [
    { title: MSG.analyticsQuery, dataIndex: 'query', ellipsis: true },
    { title: MSG.analyticsCount, dataIndex: 'count', width: 90, align: 'right' },
  ];
  /** The last row 其他 of a top list (nothing when the list leaves nothing out; decision 408). */
  const otherRow = (count: number, columns: number) => () =>
    count > 0 ? (
      <Table.Summary.Row className="atr-analysis__other">
        <Table.Summary.Cell index={0} colSpan={columns - 1}>
          {MSG.analyticsOther}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={columns - 1} align="right">
          {count}
        </Table.Summary.Cell>
      </Table.Summary.Row>
    ) : null;
  const table = (title: string, children: React.ReactNode) => (
    <Card title={title} size="small" className="atr-analysis__table">
      {children}
    </Card>
  );

  return (
    <>
      <div className="atr-analysis__cards" role="list">
        {CARDS.map(([key, label]) => (
          <Card key={key} size="small" role="listitem" className="atr-analysis__card" data-stat={key}>
            <div className="atr-muted">{label}</div>
            <div className="atr-analysis__value">{data.totals[key].toLocaleString('zh-CN')}</div>
            <Change current={data.totals[key]} previous={data.previousTotals[key]} />
          </Card>
        ))}
      </div>
      {empty ? (
        <Card className="atr-analysis__empty">
          <Empty description={MSG.analyticsEmpty} />
        </Card>
      ) : (
        <>
          <div className="atr-analysis__charts">
            <Card title={MSG.analyticsDailyChart} size="small">
              <Chart option={lineOption} height={300} label={MSG.analyticsDailyChart} />
            </Card>
            <Card title={MSG.analyticsPanelChart} size="small">
              {panels.length ? (
                <Chart option={barOption} height={Math.max(300, 60 + panels.length * 30)} label={MSG.analyticsPanelChart} />
              ) : (
                <Empty description={MSG.analyticsEmpty} />
              )}
            </Card>
          </div>
          <div className="atr-analysis__tables">
            {table(
              MSG.analyticsTopResources,
              <Table
                rowKey={(r) => `${r.type}:${r.id}`}
                size="small"
                pagination={false}
                columns={resourceColumns}
                dataSource={data.resources}
                summary={otherRow(data.other.resources, resourceColumns.length)}
              />,
            )}
            {table(
              MSG.analyticsTopSearches,
              <Table
                rowKey="query"
                size="small"
                pagination={false}
                columns={searchColumns}
                dataSource={data.searches}
                summary={otherRow(data.other.searches, searchColumns.length)}
              />,
            )}
            {table(
              MSG.analyticsTopZeroSearches,
              <Table
                rowKey="query"
                size="small"
                pagination={false}
                columns={searchColumns}
                dataSource={data.zeroSearches}
                summary={otherRow(data.other.zeroSearches, searchColumns.length)}
              />,
            )}
          </div>
        </>
      )}
    </>
  );
}
