/**
 * The dashboard page kind: a workbench of blocks declared in JSON (./page.schema.json):
 * statistic and card blocks of figures, list blocks of the first records of a count source. The
 * figures and rows come from the server (workbench/data), which counts them like the menu badges.
 */
import { Badge, Card, Col, Empty, List, Row, Skeleton, Statistic, Steps, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { DashboardBlockData, DashboardBlockDef, DashboardPageDef } from '../../../../shared/schema/types.js';
import { useDictionary } from '../../dictionaries/useDictionary.js';
import { areaText, blockSpan, countdown, rowLink, rowTitle, stepIndex, visibleBlocks } from '../../model/dashboard.js';
import { formatDate } from '../../model/columns.js';
import { useRuntime } from '../../RuntimeContext.js';
import type { PageKindProps } from '../types.js';
import './dashboard.css';

function FigureBlock({ block, data }: { block: DashboardBlockDef; data: DashboardBlockData | null | undefined }) {
  const tiles = block.type === 'card';
  return (
    <Card
      title={<h2 className="rt-dash-title">{block.title}</h2>}
      size="small"
      className={`rt-dash-block rt-dash-${block.type}`}
      data-block={block.title}
    >
      <Row gutter={[16, 16]}>
        {(block.items ?? []).map((item, i) => {
          const value = data?.items?.[i];
          const figure = (
            <Statistic
              title={item.label}
              value={value ?? '-'}
              loading={data === undefined}
              valueStyle={value ? { color: '#1677ff' } : undefined}
            />
          );
          return (
            <Col key={item.label} xs={12} sm={8} md={6} lg={tiles ? 6 : 4}>
              <div className="rt-dash-figure" data-count={item.count}>
                {item.to ? (
                  <Link to={item.to} aria-label={`${item.label}：${value ?? 0}`}>
                    {figure}
                  </Link>
                ) : (
                  figure
                )}
              </div>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}

function ListBlock({ block, data }: { block: DashboardBlockDef; data: DashboardBlockData | null | undefined }) {
  const { now } = useRuntime();
  const areas = useDictionary(block.fields?.area ? 'areacode' : undefined);
  const rows = data?.rows ?? [];
  const title = (
    <span className="rt-dash-head">
      <h2 className="rt-dash-title">{block.title}</h2>
      <Badge count={data?.count ?? 0} showZero color={data?.count ? '#1677ff' : '#bfbfbf'} overflowCount={999} />
    </span>
  );
  return (
    <Card
      title={title}
      size="small"
      className="rt-dash-block rt-dash-list"
      data-block={block.title}
      extra={
        block.more ? (
          <Link to={block.more} aria-label={`${block.title}：更多`}>
            更多
          </Link>
        ) : undefined
      }
    >
      {data === undefined ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={block.empty ?? '暂无数据'} />
      ) : (
        <List
          size="small"
          split
          dataSource={rows}
          renderItem={(row) => {
            const to = rowLink(block, row);
            const text = rowTitle(block, row);
            const f = block.fields;
            const due = f?.deadline ? countdown(row[f.deadline], now()) : null;
            return (
              <List.Item className="rt-dash-row" data-id={row.id}>
                <div className="rt-dash-row-main">
                  <div className="rt-dash-row-line">
                    {to ? (
                      <Link to={to} className="rt-dash-row-title" title={text}>
                        {text}
                      </Link>
                    ) : (
                      <span className="rt-dash-row-title" title={text}>
                        {text}
                      </span>
                    )}
                    <span className="rt-dash-row-meta">
                      {f?.area ? <span className="rt-dash-area">{areaText(row[f.area], areas.options)}</span> : null}
                      {typeof row._statusLabel === 'string' && !block.steps ? <Tag>{row._statusLabel}</Tag> : null}
                      {due?.text ? (
                        <Tag color={due.urgent ? 'red' : 'blue'} className="rt-dash-countdown">
                          {due.text}
                        </Tag>
                      ) : null}
                      {f?.date && row[f.date] ? (
                        <span className="rt-dash-date">{formatDate(row[f.date], false)}</span>
                      ) : null}
                    </span>
                  </div>
                  {block.steps && f?.stage ? (
                    <Steps
                      size="small"
                      className="rt-dash-steps"
                      current={stepIndex(row[f.stage], block.steps)}
                      items={block.steps.map((s) => ({ title: s }))}
                      aria-label={`${text}：${block.steps[stepIndex(row[f.stage], block.steps)]}阶段${typeof row._statusLabel === 'string' ? `，${row._statusLabel}` : ''}`}
                    />
                  ) : null}
                  {block.steps && typeof row._statusLabel === 'string' ? (
                    <div className="rt-dash-status">{row._statusLabel}</div>
                  ) : null}
                </div>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}

export function DashboardPage({ bundle }: PageKindProps) {
  const page = bundle.page as DashboardPageDef;
  const { dataProvider, user } = useRuntime();
  const [data, setData] = useState<(DashboardBlockData | null)[] | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    dataProvider.getDashboard(page.id).then(
      (d) => {
        if (alive) setData(d);
      },
      () => {
        if (alive) setData([]);
      },
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, page.id]);
  const blocks = visibleBlocks(page.blocks, user?.roleCode);
  if (blocks.length === 0) return null;
  return (
    <section className="runtime-page rt-dashboard" aria-label={page.title}>
      <Row gutter={[16, 16]}>
        {blocks.map(({ block, index }) => (
          <Col key={index} xs={24} lg={blockSpan(block)}>
            {block.type === 'list' ? (
              <ListBlock
                block={block}
                data={data === undefined ? undefined : (data[index] ?? { count: 0, rows: [] })}
              />
            ) : (
              <FigureBlock block={block} data={data === undefined ? undefined : (data[index] ?? { items: [] })} />
            )}
          </Col>
        ))}
      </Row>
    </section>
  );
}
