/**
 * The dashboard's blocks drawn from counts (workbench/data): statistic and card blocks of figures,
 * list blocks of the first records of a count source. A chunk of its own: a dashboard without them
 * (the portal's home for a visitor) does not load antd's Card, List, Statistic and Steps.
 */
import { Badge, Card, Col, Empty, List, Row, Skeleton, Statistic, Steps, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { DashboardBlockData, DashboardBlockDef } from '../../../../shared/schema/types.js';
import { useDictionary } from '../../dictionaries/useDictionary.js';
import { areaText, countdown, rowLink, rowTitle, stepIndex } from '../../model/dashboard.js';
import { formatDate } from '../../model/columns.js';
import { useRuntime } from '../../RuntimeContext.js';
import './dashboard.css';

export function FigureBlock({
  block,
  data,
}: {
  block: DashboardBlockDef;
  data: DashboardBlockData | null | undefined;
}) {
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

export function ListBlock({ block, data }: { block: DashboardBlockDef; data: DashboardBlockData | null | undefined }) {
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

/** One block drawn from counts: its data undefined while it loads. */
export default function DataBlock({
  block,
  data,
}: {
  block: DashboardBlockDef;
  data: DashboardBlockData | null | undefined;
}) {
  return block.type === 'list' ? <ListBlock block={block} data={data} /> : <FigureBlock block={block} data={data} />;
}
