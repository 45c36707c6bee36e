/**
 * One chart of a statistics page, drawn with ECharts. Only the bar and pie charts, the components
 * they use and the canvas renderer are imported (echarts/core), and this module is a lazy chunk of
 * the statistics page, so no other page downloads the chart library. ECharts is driven directly
 * (init, setOption, dispose): a wrapper component adds nothing here.
 */
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface StatisticsChartProps {
  chart: 'bar' | 'pie';
  title: string;
  rows: { label: string; count: number }[];
}

export function chartOption({ chart, title, rows }: StatisticsChartProps): Record<string, unknown> {
  if (chart === 'pie') {
    return {
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          name: title,
          type: 'pie',
          radius: ['35%', '65%'],
          center: ['50%', '45%'],
          data: rows.map((r) => ({ name: r.label, value: r.count })),
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 64 },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.label),
      axisLabel: { interval: 0, rotate: rows.length > 6 ? 35 : 0 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: title, type: 'bar', barMaxWidth: 36, data: rows.map((r) => r.count), itemStyle: { color: '#1677ff' } },
    ],
  };
}

export default function StatisticsChart(props: StatisticsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const option = chartOption(props);
  const key = JSON.stringify(option);
  useEffect(() => {
    if (!box.current) return undefined;
    const chart = echarts.init(box.current, undefined, { renderer: 'canvas' });
    chart.setOption(option, true);
    // Follows the card's width (window resize, menu collapse).
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the data and options drawn
  }, [key]);
  return (
    <div
      ref={box}
      className="runtime-statistics-chart"
      data-chart={props.chart}
      aria-label={props.title}
      style={{ height: 300 }}
    />
  );
}
