/**
 * The charts of the literature analysis (/LiteratureMiner; decision 713): publications per year (a bar
 * chart) and the networks (ECharts' graph: force layout, zoom and pan, labels on the larger nodes, a
 * click on a node calls `onPick`). echarts/core with only these charts and the canvas renderer (a PNG of
 * each through getDataURL); a chunk of its own, loaded by the page once there is something to draw,
 * so no other page downloads ECharts.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, GraphChart } from 'echarts/charts';
import { AriaComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, GraphSeriesOption } from 'echarts/charts';
import type { AriaComponentOption, GridComponentOption, TooltipComponentOption } from 'echarts/components';
import { MSG } from '@common/messages';
import { download } from './csv';

echarts.use([BarChart, GraphChart, GridComponent, TooltipComponent, AriaComponent, CanvasRenderer]);

type Option = ComposeOption<BarSeriesOption | GraphSeriesOption | GridComponentOption | TooltipComponentOption | AriaComponentOption>;

export interface Counted {
  value: string;
  count: number;
}
export interface NetworkData {
  nodes: Counted[];
  edges: Array<{ source: string; target: string; weight: number }>;
}

/** One chart of `option`, `height` px tall, with a 下载 PNG button saving it as `file`; `label` names it (`data-chart`, aria). */
function Chart({ option, height, label, file, onPick }: { option: Option; height: number; label: string; file: string; onPick?(name: string): void }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const c = echarts.init(node, undefined, { renderer: 'canvas' });
    chart.current = c;
    c.on('click', (p) => {
      if (p.dataType === 'node' && typeof p.name === 'string') pick.current?.(p.name);
    });
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(node);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption({ aria: { enabled: true }, ...option }, true);
  }, [option]);
  return (
    <div data-chart={label} className="atr-miner__chart">
      <div ref={el} style={{ width: '100%', height }} role="img" aria-label={label} />
      <button
        type="button"
        className="atr-btn atr-btn--link atr-btn--small"
        onClick={() => {
          const url = chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
          if (url) download(file, url);
        }}
      >
        {MSG.minerPng}
      </button>
    </div>
  );
}

/** Publications per year as bars (years ascending). */
export function YearChart({ years }: { years: Counted[] }) {
  const option: Option = {
    grid: { left: 48, right: 16, top: 24, bottom: 32 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: years.map((y) => y.value) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: MSG.minerColCount, data: years.map((y) => y.count), barMaxWidth: 48, itemStyle: { color: '#1677ff' } }],
  };
  return <Chart option={option} height={280} label={MSG.minerYears} file="年度发文量.png" />;
}

/** Labels shown on the larger nodes only (the rest on hover), so the labels stay readable. */
const LABELLED = 30;

/** A network drawn with ECharts' graph (see the file comment); a click on a node calls `onPick` with its name. */
export function NetworkChart({ network, label, file, onPick }: { network: NetworkData; label: string; file: string; onPick(name: string): void }) {
  const max = Math.max(1, ...network.nodes.map((n) => n.count));
  const maxWeight = Math.max(1, ...network.edges.map((e) => e.weight));
  const option: Option = {
    tooltip: {},
    series: [
      {
        type: 'graph',
        layout: 'force',
        roam: true,
        draggable: true,
        force: { repulsion: 140, edgeLength: [40, 140], gravity: 0.08 },
        label: { position: 'right', fontSize: 12, color: '#1f2329' },
        labelLayout: { hideOverlap: true },
        emphasis: { focus: 'adjacency', label: { show: true } },
        lineStyle: { color: '#8c9bb0', opacity: 0.5, curveness: 0.1 },
        data: network.nodes.map((n, i) => ({
          name: n.value,
          value: n.count,
          symbolSize: 8 + 28 * Math.sqrt(n.count / max),
          label: { show: i < LABELLED },
        })),
        links: network.edges.map((e) => ({ source: e.source, target: e.target, value: e.weight, lineStyle: { width: 1 + 5 * (e.weight / maxWeight) } })),
      },
    ],
  };
  return <Chart option={option} height={460} label={label} file={file} onPick={onPick} />;
}
