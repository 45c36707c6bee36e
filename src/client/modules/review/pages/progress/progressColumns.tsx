import { Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ProgressPageDef } from '../../../../../shared/schema/types.js';
import { fillPlaceholders } from '../../../../../shared/schema/placeholders.js';
import type { ProgressTarget, ProgressTask, TaskStatus } from '../../../../../shared/contracts/review.js';
import { taskStatus } from '../../taskStatus.js';

/** The task status whose total is shown beside the expert (schemas/workflows/review.json). */
const SUBMITTED = '2';

/**
 * The progress table's columns: a record, its count of submitted tasks and each expert's task
 * (linked to the task where the schema names taskTo); once the review has ended, the record's
 * final score, spread, disagreement and recommendation as well.
 */
export function progressColumns(page: ProgressPageDef, statuses: TaskStatus[], ended: boolean) {
  const taskLink = (r: ProgressTask, text: ReactNode) =>
    page.taskTo ? <Link to={fillPlaceholders(page.taskTo, { id: r.reviewId })}>{text}</Link> : text;
  return [
    { title: `${page.targetLabel}名称`, dataIndex: 'targetName', ellipsis: true },
    { title: '进度', width: 90, render: (_: unknown, t: ProgressTarget) => `${t.submitted}/${t.total}` },
    {
      title: '专家评审',
      width: 380,
      render: (_: unknown, t: ProgressTarget) => (
        <Space size={[4, 4]} wrap>
          {t.experts.map((r) => (
            <Tag key={r.reviewId} color={taskStatus(statuses, r.status).color} data-status={r.status}>
              {taskLink(
                r,
                `${r.expertName}：${taskStatus(statuses, r.status).text}${r.status === SUBMITTED && r.total !== null ? ` ${r.total}分` : ''}`,
              )}
            </Tag>
          ))}
        </Space>
      ),
    },
    ...(ended
      ? [
          {
            title: '总评',
            width: 90,
            render: (_: unknown, t: ProgressTarget) => (
              <span className="rt-final-score">{t.result?.finalScore ?? '-'}</span>
            ),
          },
          { title: '分差', width: 80, render: (_: unknown, t: ProgressTarget) => t.result?.spread ?? '-' },
          {
            title: '意见分歧',
            width: 110,
            render: (_: unknown, t: ProgressTarget) =>
              t.result ? (
                t.result.disagreement ? (
                  <Tag color="red" className="rt-disagreement">
                    分歧较大
                  </Tag>
                ) : (
                  <Tag color="green">一致</Tag>
                )
              ) : (
                '-'
              ),
          },
          {
            title: '推荐意见',
            width: 120,
            render: (_: unknown, t: ProgressTarget) => t.result?.recommendation ?? '-',
          },
        ]
      : []),
  ];
}
