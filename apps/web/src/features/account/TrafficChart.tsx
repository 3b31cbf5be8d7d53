import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { inUnit, type SizeUnit, sizeUnitOf } from './usage';

// Only the parts the bar chart needs: the whole of echarts would be ~4 times the chunk.
echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

export interface TrafficChartProps {
  /** bytes of each month, January first */
  months: readonly number[];
  /** the month names in the interface language */
  monthNames: readonly string[];
  /** "Traffic (GB)": the axis name with the unit the bars are in */
  axisName: (unit: SizeUnit) => string;
  /** the tooltip's figure, "1.50 GB" */
  formatSize: (bytes: number) => string;
}

/**
 * The yearly traffic chart (spec 001 §2): one bar per month in one unit chosen by the largest month.
 * SVG, so each bar is an element (the end-to-end test counts them) and the text stays sharp.
 * Loaded on demand: the account centre imports it lazily, so echarts never reaches the map's chunk.
 */
export default function TrafficChart({ months, monthNames, axisName, formatSize }: TrafficChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const unit = sizeUnitOf(Math.max(0, ...months));
    chart.current?.setOption(
      {
        animation: false,
        grid: { left: 8, right: 8, top: 28, bottom: 4, containLabel: true },
        tooltip: {
          trigger: 'axis',
          valueFormatter: (_: unknown, index: number) => formatSize(months[index] ?? 0),
        },
        xAxis: { type: 'category', data: [...monthNames], axisLabel: { interval: 0, fontSize: 10 } },
        yAxis: { type: 'value', name: axisName(unit), nameTextStyle: { align: 'left' } },
        series: [
          {
            type: 'bar',
            data: months.map((bytes) => Number(inUnit(bytes, unit).toFixed(3))),
            itemStyle: { color: '#1677ff' },
          },
        ],
      },
      true,
    );
  }, [months, monthNames, axisName, formatSize]);

  return <div ref={element} style={{ width: '100%', height: 200 }} data-testid="traffic-chart" />;
}
