/**
 * One chart of a statistics page, drawn with ECharts. Only the bar and pie charts, the components
 * they use and the canvas renderer are imported (echarts/core), and this module is a lazy chunk of
 * the statistics page, so no other page downloads the chart library. ECharts is driven directly
 * (init, setOption, dispose): a wrapper component adds nothing here.
 *
 * Many values do not fit a row of rotated labels (some 35 statuses ran into one block): a chart
 * with groups (the schema's groupBy: statuses by phase) shows the groups and opens one to its
 * values, by a press on its bar or its button; a bar chart of many values lies on its side.
 */
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { Button, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { StatGroup } from '../../../../shared/contracts/statistics.js';

echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type Row = { label: string; count: number };

export interface StatisticsChartProps {
  chart: 'bar' | 'pie';
  title: string;
  rows: Row[];
  groups?: StatGroup[];
}

/** Past this many bars the labels no longer fit under them: the bars lie on their side. */
export const UPRIGHT_MAX = 8;
const BAR_ROW_HEIGHT = 26;

/** What the chart shows: the groups, one group's values (open), or the rows as they are. */
export function chartView(
  props: StatisticsChartProps,
  open: string | null,
): { rows: Row[]; title: string; grouped: boolean } {
  const group = open === null ? undefined : props.groups?.find((g) => g.value === open);
  if (group) return { rows: group.rows, title: `${props.title}：${group.label}`, grouped: false };
  if (props.groups?.length) return { rows: props.groups, title: props.title, grouped: true };
  return { rows: props.rows, title: props.title, grouped: false };
}

export function chartHeight(chart: 'bar' | 'pie', rows: Row[]): number {
  return chart === 'bar' && rows.length > UPRIGHT_MAX ? Math.max(300, rows.length * BAR_ROW_HEIGHT + 40) : 300;
}

export function chartOption({ chart, title, rows }: Pick<StatisticsChartProps, 'chart' | 'title' | 'rows'>) {
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
  const series = [
    { name: title, type: 'bar', barMaxWidth: 36, data: rows.map((r) => r.count), itemStyle: { color: '#1677ff' } },
  ];
  if (rows.length > UPRIGHT_MAX)
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 16, right: 24, top: 8, bottom: 24, containLabel: true },
      // The first value on top, each label on its own line beside its bar.
      yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.label), axisLabel: { interval: 0 } },
      xAxis: { type: 'value', minInterval: 1 },
      series,
    };
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 64 },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.label),
      axisLabel: { interval: 0, rotate: rows.length > 6 ? 35 : 0 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series,
  };
}

export default function StatisticsChart(props: StatisticsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<string | null>(null);
  const view = chartView(props, open);
  const option = chartOption({ chart: props.chart, title: view.title, rows: view.rows });
  const key = JSON.stringify(option);
  // The bar pressed opens its group; read through a ref so the chart is not drawn anew for it.
  const press = useRef<(index: number) => void>(() => undefined);
  press.current = (index) => {
    if (view.grouped) setOpen(props.groups?.[index]?.value ?? null);
  };
  useEffect(() => {
    if (!box.current) return undefined;
    const chart = echarts.init(box.current, undefined, { renderer: 'canvas' });
    chart.setOption(option, true);
    chart.on('click', (p: { dataIndex?: number }) => press.current(p.dataIndex ?? -1));
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
    <>
      {props.groups?.length ? (
        <Space wrap size={4} className="runtime-statistics-groups" style={{ marginBottom: 8 }}>
          <Button
            size="small"
            type={open === null ? 'primary' : 'default'}
            aria-pressed={open === null}
            onClick={() => setOpen(null)}
          >
            全部
          </Button>
          {props.groups.map((g) => (
            <Button
              key={g.value}
              size="small"
              type={open === g.value ? 'primary' : 'default'}
              aria-pressed={open === g.value}
              onClick={() => setOpen(g.value)}
            >
              {`${g.label}（${g.count}）`}
            </Button>
          ))}
        </Space>
      ) : null}
      <div
        ref={box}
        className="runtime-statistics-chart"
        data-chart={props.chart}
        data-open={open ?? ''}
        role="img"
        aria-label={view.title}
        style={{ height: chartHeight(props.chart, view.rows) }}
      />
    </>
  );
}
