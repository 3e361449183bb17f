/**
 * The map of China of `/temp/map` (issue 31 §3): ECharts' map chart (echarts/core with the map chart,
 * the visual map (legend), tooltip and aria components and the SVG renderer) over china.geo.json, the
 * 34 provincial-level divisions and the 南海诸岛 inset (source and licence in SOURCE.md beside it).
 * Coloured by `provinces`' counts with a continuous legend (少 → 多); a click on a division calls
 * `onSelect` with its short name; `selected` is drawn highlighted. Loaded lazily, in the browser only
 * (MapPage.tsx): the GeoJSON and ECharts stay out of every other chunk.
 */
import { useEffect, useRef, useState } from 'react';
import * as echarts from 'echarts/core';
import { MapChart } from 'echarts/charts';
import { AriaComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';
import type { MapSeriesOption } from 'echarts/charts';
import type { AriaComponentOption, TooltipComponentOption, VisualMapComponentOption } from 'echarts/components';
import { MSG, fillMsg } from '@common/messages';
import { NANHAI_INSET, PROVINCES, type Province } from '@common/provinces';
import geo from './china.geo.json';

echarts.use([MapChart, VisualMapComponent, TooltipComponent, AriaComponent, SVGRenderer]);

/** The name the map is registered under (not ECharts' own `china`, whose run-time fixes our file already holds). */
const MAP_NAME = 'atrium-china';
echarts.registerMap(MAP_NAME, geo as Parameters<typeof echarts.registerMap>[1]);

type Option = ComposeOption<MapSeriesOption | VisualMapComponentOption | TooltipComponentOption | AriaComponentOption>;

/** Props: the count per division, the metric's label (机构 …), the chosen division, and what a click does. */
export interface ChinaMapProps {
  provinces: ReadonlyArray<{ province: Province; count: number }>;
  metricLabel: string;
  selected: Province | null;
  onSelect(province: Province): void;
}

const isProvince = (s: unknown): s is Province => typeof s === 'string' && (PROVINCES as readonly string[]).includes(s);

/** See the file comment. */
export default function ChinaMap({ provinces, metricLabel, selected, onSelect }: ChinaMapProps) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const select = useRef(onSelect);
  // the box's size, px: the map is laid out in it keeping its shape
  const [box, setBox] = useState<{ w: number; h: number } | null>(null);
  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const c = echarts.init(node, undefined, { renderer: 'svg' });
    chart.current = c;
    c.on('click', (p) => {
      if (isProvince(p.name)) select.current(p.name);
    });
    const ro = new ResizeObserver(() => {
      c.resize();
      setBox({ w: node.clientWidth, h: node.clientHeight });
    });
    ro.observe(node);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!box) return;
    const max = Math.max(1, ...provinces.map((p) => p.count));
    const narrow = box.w < 520;
    // beside the legend; the map of China (with the inset) is about 1.38 times as wide as it is tall
    // on a phone the legend lies along the bottom, below the map
    const left = narrow ? 4 : 64;
    const below = narrow ? 28 : 0;
    const size = Math.max(100, Math.min(box.w - left - 8, (box.h - 16 - below) * 1.38));
    const option: Option = {
      aria: { enabled: true, label: { description: fillMsg(MSG.mapAria, { metric: metricLabel }) } },
      tooltip: {
        trigger: 'item',
        formatter: (p) => (isProvince((p as { name?: string }).name) ? `${(p as { name: string }).name}：${String((p as { value?: number }).value ?? 0)}` : ''),
      },
      visualMap: {
        type: 'continuous',
        min: 0,
        max,
        text: [MSG.mapLegendHigh, MSG.mapLegendLow],
        calculable: false,
        orient: narrow ? 'horizontal' : 'vertical',
        left: narrow ? 8 : 16,
        bottom: narrow ? 4 : 16,
        itemHeight: narrow ? 100 : 120,
        itemWidth: narrow ? 10 : 16,
        inRange: { color: ['#e8f1fb', '#7fb0e3', '#1f5fa8'] },
        seriesIndex: 0,
      },
      series: [
        {
          type: 'map',
          map: MAP_NAME,
          name: metricLabel,
          roam: false,
          layoutCenter: [left + (box.w - left) / 2, (box.h - below) / 2],
          layoutSize: size,
          aspectScale: 0.8,
          selectedMode: 'single',
          label: { show: !narrow, fontSize: 10, color: '#333' },
          itemStyle: { borderColor: '#fff', borderWidth: 0.8, areaColor: '#eef2f6' },
          emphasis: { label: { show: true }, itemStyle: { areaColor: '#f5b94a' } },
          select: { label: { show: true, fontWeight: 'bold' }, itemStyle: { areaColor: '#f39c12' } },
          data: [
            ...provinces.map((p) => ({ name: p.province, value: p.count, selected: p.province === selected })),
            // the inset: drawn, never coloured by the counts, chosen or highlighted
            {
              name: NANHAI_INSET,
              value: '-' as const,
              label: { show: !narrow, position: 'insideTop', fontSize: 9, color: '#555' },
              itemStyle: { areaColor: '#8a9bb0', borderColor: '#8a9bb0', borderWidth: 0.5 },
              emphasis: { disabled: true },
              select: { disabled: true },
            },
          ],
        },
      ],
    };
    chart.current?.setOption(option, true);
  }, [provinces, metricLabel, selected, box]);

  return <div ref={el} className="atr-map__chart" data-chart="china-map" role="img" aria-label={fillMsg(MSG.mapAria, { metric: metricLabel })} />;
}
