import { chartHeight, chartOption, chartView, UPRIGHT_MAX } from './StatisticsChart.js';

const statuses = Array.from({ length: 35 }, (_, i) => ({ label: `状态${i + 1}`, count: i + 1 }));
const groups = [
  {
    value: '1',
    label: '申报',
    count: 3,
    rows: [
      { value: '1', label: '待提交', count: 1 },
      { value: '2', label: '市级审核中', count: 2 },
    ],
  },
  { value: '2', label: '开题', count: 4, rows: [{ value: '8', label: '开题审核中', count: 4 }] },
];

describe('statistics chart', () => {
  it('shows the groups first and one group’s values when it is opened', () => {
    const props = { chart: 'bar' as const, title: '按状态', rows: statuses, groups };
    expect(chartView(props, null)).toEqual({ rows: groups, title: '按状态', grouped: true });
    expect(chartView(props, '1')).toEqual({ rows: groups[0].rows, title: '按状态：申报', grouped: false });
    // A group no longer in the answer (the filters changed) shows the groups again.
    expect(chartView(props, '9').grouped).toBe(true);
    expect(chartView({ chart: 'bar', title: '按年度', rows: statuses.slice(0, 3) }, null).rows).toHaveLength(3);
  });

  it('lays many bars on their side, one label per line, and grows to hold them', () => {
    const many = chartOption({ chart: 'bar', title: '按状态', rows: statuses }) as any;
    expect(many.yAxis).toMatchObject({ type: 'category', inverse: true, data: statuses.map((r) => r.label) });
    expect(many.xAxis).toMatchObject({ type: 'value' });
    expect(chartHeight('bar', statuses)).toBeGreaterThanOrEqual(35 * 24);
    const few = chartOption({ chart: 'bar', title: '按阶段', rows: statuses.slice(0, UPRIGHT_MAX) }) as any;
    expect(few.xAxis).toMatchObject({ type: 'category' });
    expect(chartHeight('bar', statuses.slice(0, UPRIGHT_MAX))).toBe(300);
    expect(chartHeight('pie', statuses)).toBe(300);
  });
});
