/**
 * Page kind "statistics": filters, one chart per counted field and the same numbers as a table that
 * exports to xlsx. The server counts (POST statistics/data) within the user's scope; the chart
 * library is a chunk of its own, fetched only when this page draws its first chart.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Select, Space, Spin, Statistic, Table } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { statisticsCalls, type StatChart, type StatisticsAnswer } from '../../../../shared/contracts/statistics.js';
import type { StatisticsPageDef } from '../../../../shared/schema/types.js';
import { useRuntime } from '../../RuntimeContext.js';
import type { PageKindProps } from '../types.js';

const StatisticsChart = lazy(() => import('./StatisticsChart.js'));

interface TableRow {
  key: string;
  title: string;
  label: string;
  count: number;
  share: string;
  span: number;
}

/** The table: one block of rows per chart, the chart's title cell spanning its rows. */
export function tableRows(charts: StatChart[]): TableRow[] {
  return charts.flatMap((c) => {
    const rows = [...c.rows.map((r) => ({ label: r.label, count: r.count })), { label: '合计', count: c.total }];
    return rows.map((r, i) => ({
      key: `${c.field}:${i}`,
      title: c.title,
      label: r.label,
      count: r.count,
      share: c.total ? `${((r.count / c.total) * 100).toFixed(1)}%` : '0%',
      span: i === 0 ? rows.length : 0,
    }));
  });
}

export function StatisticsPage({ bundle }: PageKindProps) {
  const page = bundle.page as StatisticsPageDef;
  const { dataProvider } = useRuntime();
  const [filters, setFilters] = useState<Record<string, string | undefined>>({});
  const [data, setData] = useState<StatisticsAnswer | null | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const chosen = useMemo(
    () => Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')),
    [filters],
  );

  useEffect(() => {
    let alive = true;
    setData(undefined);
    dataProvider.moduleCall(statisticsCalls.data, { pageId: page.id, filters: chosen }).then(
      (d) => {
        if (alive) setData(d ?? null);
      },
      () => {
        if (alive) setData(null);
      },
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, page.id, chosen]);

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await dataProvider.download('statistics/export', 'POST', { pageId: page.id, filters: chosen });
    } catch {
      /* the request layer has shown the message */
    } finally {
      setExporting(false);
    }
  };

  const filterOptions = new Map((data?.filters ?? []).map((f) => [f.field, f]));
  const columns = [
    { title: '统计项', dataIndex: 'title', key: 'title', width: 160, onCell: (r: TableRow) => ({ rowSpan: r.span }) },
    { title: '分类', dataIndex: 'label', key: 'label' },
    { title: '数量', dataIndex: 'count', key: 'count', width: 120, align: 'right' as const },
    { title: '占比', dataIndex: 'share', key: 'share', width: 120, align: 'right' as const },
  ];

  return (
    <section className="runtime-page runtime-statistics" aria-label={page.title}>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space wrap size={[16, 8]}>
          {page.filters.map((f) => {
            const known = filterOptions.get(f.field);
            const label = known?.label ?? f.label ?? bundle.entity.fields[f.field]?.label ?? f.field;
            return (
              <Space key={f.field} size={4} className="runtime-statistics-filter" data-field={f.field}>
                <span>{label}：</span>
                <Select
                  allowClear
                  placeholder="全部"
                  style={{ minWidth: f.labelField ? 280 : 140 }}
                  popupMatchSelectWidth={false}
                  aria-label={label}
                  value={filters[f.field]}
                  options={known?.options ?? []}
                  onChange={(v: string | undefined) => setFilters((cur) => ({ ...cur, [f.field]: v }))}
                />
              </Space>
            );
          })}
          <Statistic
            title={`${bundle.entity.label}总数`}
            value={data?.total ?? 0}
            className="runtime-statistics-total"
          />
        </Space>
      </Card>
      {data === undefined ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : !data ? (
        <Empty description="暂无数据" />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {data.charts.map((c) => (
              <Col key={`${c.field}:${c.title}`} xs={24} lg={12}>
                <Card size="small" title={c.title}>
                  {c.rows.length === 0 ? (
                    <Empty description="暂无数据" />
                  ) : (
                    <Suspense fallback={<Spin style={{ display: 'block', margin: '96px auto' }} />}>
                      <StatisticsChart chart={c.chart} title={c.title} rows={c.rows} groups={c.groups} />
                    </Suspense>
                  )}
                </Card>
              </Col>
            ))}
          </Row>
          <Card
            size="small"
            title="统计表"
            style={{ marginTop: 16 }}
            extra={
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportXlsx()}>
                导出Excel
              </Button>
            }
          >
            <Table<TableRow>
              className="runtime-statistics-table"
              size="small"
              bordered
              pagination={false}
              columns={columns}
              dataSource={tableRows(data.charts)}
            />
          </Card>
        </>
      )}
    </section>
  );
}
