/**
 * The criteria of a score sheet with their scores: inputs while the expert may edit, each score out
 * of range marked at its input as it is typed (never corrected), and the total, which says it is
 * invalid while any score is out of range rather than adding the wrong number up.
 */
import { InputNumber, Table } from 'antd';
import type { Criterion } from '../../../../../shared/contracts/review.js';

export function ScoreTable({
  criteria,
  scores,
  problems,
  total,
  canEdit,
  onScore,
}: {
  criteria: Criterion[];
  scores: Record<string, number | null>;
  /** Per criterion what is wrong with its score, or null. */
  problems: Record<string, string | null>;
  total: number;
  canEdit: boolean;
  onScore: (criterion: string, value: number | null) => void;
}) {
  const invalid = criteria.filter((c) => problems[c.name]);
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="name"
      dataSource={criteria}
      bordered
      columns={[
        {
          title: '评分指标',
          dataIndex: 'name',
          render: (name: string, c: Criterion) => (
            <div className="rt-score-criterion">
              <div>{name}</div>
              {c.guidance ? (
                <div className="rt-score-guidance" style={{ color: '#666', fontSize: 12 }}>
                  {c.guidance}
                </div>
              ) : null}
            </div>
          ),
        },
        {
          title: '分值参考',
          dataIndex: 'anchors',
          render: (a: string | undefined) =>
            a ? (
              <span className="rt-score-anchors" style={{ fontSize: 12 }}>
                {a}
              </span>
            ) : (
              '-'
            ),
        },
        { title: '满分', dataIndex: 'maxScore', width: 90 },
        { title: '权重', dataIndex: 'weight', width: 80, render: (w: number | undefined) => w ?? 1 },
        {
          title: '得分',
          width: 200,
          render: (_: unknown, c: Criterion) =>
            canEdit ? (
              // No min/max on the input: antd would silently clamp 35 to 30; the range is checked and said instead.
              <div className="rt-score-input">
                <InputNumber
                  aria-label={`${c.name}得分`}
                  precision={1}
                  style={{ width: 120 }}
                  status={problems[c.name] ? 'error' : undefined}
                  aria-invalid={problems[c.name] ? true : undefined}
                  value={scores[c.name] ?? null}
                  onChange={(v) => onScore(c.name, typeof v === 'number' ? v : null)}
                />
                {problems[c.name] ? (
                  <div className="rt-score-problem" role="alert" style={{ color: '#cf1322', fontSize: 12 }}>
                    {problems[c.name]}
                  </div>
                ) : null}
              </div>
            ) : (
              <span className="rt-score-value">{scores[c.name] ?? '-'}</span>
            ),
        },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={4}>
            总分
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1}>
            {invalid.length ? (
              // A total over a score out of range is no total: said so, not shown as if it counted.
              <strong className="rt-score-total rt-score-total-invalid" aria-live="polite" style={{ color: '#cf1322' }}>
                总分无效（{invalid.map((c) => `「${c.name}」`).join('、')}得分超出范围）
              </strong>
            ) : (
              <strong className="rt-score-total" aria-live="polite">
                {total}
              </strong>
            )}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
