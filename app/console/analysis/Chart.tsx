/**
 * One ECharts chart ("charts drawn with a well-kept chart library"): echarts/core with only
 * the line and bar charts, the grid, tooltip, legend and aria components and the SVG renderer (its
 * labels are text in the page, which screen readers and the browser tests read). Part of the analysis
 * page's lazy chunk only: the visitor's bundles never load it.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { AriaComponentOption, GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

/** The options our charts may use. */
export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | AriaComponentOption
>;

/** A chart of `option`, `height` px tall and as wide as its container (redrawn when that changes); `label` names it for tests (`data-chart`). */
export function Chart({ option, height, label }: { option: ChartOption; height: number; label: string }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const c = echarts.init(node, undefined, { renderer: 'svg' });
    chart.current = c;
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
  // ECharts' aria component labels the inner element with its own description of the data (Chinese)
  return (
    <div data-chart={label}>
      <div ref={el} style={{ width: '100%', height }} />
    </div>
  );
}
