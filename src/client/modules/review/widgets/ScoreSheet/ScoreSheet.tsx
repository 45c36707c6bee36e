/**
 * Widget "ScoreSheet": one review task as its expert scores it. It reads the task from the review
 * module (review/task: the batch's template, the reviewed record as the expert may see it, its
 * documents) rather than from the form, because the template lives on the batch and the server
 * strips the record for blind batches. Inputs are bounded by each criterion's maximum and the
 * total follows as the expert types; 保存草稿 and 提交 go to review/score, which checks everything
 * again and locks the review once submitted. Without `editable` (or once submitted, or for anyone
 * but the expert) the sheet is read-only.
 */
import { Alert, Button, Descriptions, Space, Spin, Tag } from 'antd';
import { Confirm } from '../../../../feedback/Confirm.js';
import { useState } from 'react';
import { usePageEnv } from '../../../../runtime/PageContext.js';
import { DeclineTask, type Kind } from '../../DeclineTask.js';
import { ScoreTable } from './ScoreTable.js';
import { PeerReviews } from '../../PeerReviews.js';
import { ReopenReview } from '../../ReopenReview.js';
import { BlindNote, HIDDEN_TEXT } from '../../BlindNote.js';
import { announceDataChanged } from '../../../../runtime/dataChanged.js';
import { taskStatus } from '../../taskStatus.js';
import { liveTotal } from './scoreRules.js';
import { ReviewDocuments } from './ReviewDocuments.js';
import { ScoreOpinions } from './ScoreOpinions.js';
import { useScoreTask } from './useScoreTask.js';
import { pageAction } from '../../../../runtime/pages/pageAction.js';

/** The task status of a submitted review (schemas/workflows/review.json): locked. */
const SUBMITTED = '2';

export function ScoreSheet({ editable }: { editable?: boolean; value?: unknown }) {
  const env = usePageEnv();
  const { task, load, criteria, scores, setScore, problems, opinions, busy, error, save, downloadApplication } =
    useScoreTask(env?.record?.id);
  // Given up here (申报回避 / 谢绝评审): the door is closed, the server answers nothing of the task any more.
  const [gaveUp, setGaveUp] = useState<Kind | null>(null);

  if (gaveUp)
    return (
      <div className="rt-score-sheet" data-status="4">
        <Alert
          type="info"
          showIcon
          className="rt-declined"
          message={`${gaveUp === 'conflict' ? '已申报回避' : '已谢绝评审'}（申请回避（待确认））`}
          description="该任务已移出您的评审列表，等待评审组织者确认替换；您已不能再查看该任务及其材料。"
        />
      </div>
    );
  if (task === undefined) return <Spin size="small" />;
  if (!task) return error ? <Alert type="warning" showIcon message={error} /> : <span className="runtime-text">-</span>;

  const review = task.review;
  const canEdit = Boolean(editable) && task.canEdit && review.status !== SUBMITTED;
  const total = canEdit ? liveTotal(criteria, scores) : (review.total ?? liveTotal(criteria, scores));
  const status = taskStatus(task.statuses, review.status);
  const target = task.target ?? {};
  // Fields the server left out for this reader (a blind batch): said, not left blank.
  const hidden = new Set((task.hiddenFields ?? []).map((h) => h.field));
  const shown: Array<[string, unknown]> = (
    [
      ['名称', 'name'],
      ['负责人', 'leader'],
      ['单位', 'unit'],
    ] as const
  ).map(([label, f]) => [label, hidden.has(f) ? HIDDEN_TEXT : target[f]]);
  return (
    <div className="rt-score-sheet" data-status={review.status}>
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          ...shown
            .filter(([, v]) => v !== undefined && v !== null && v !== '')
            .map(([label, v]) => ({ key: label, label, children: String(v) })),
          {
            key: 'docs',
            label: '评审材料',
            children: <ReviewDocuments documents={task.documents} onApplication={downloadApplication} />,
          },
          { key: 'status', label: '评审状态', children: <Tag color={status.color}>{status.text}</Tag> },
        ]}
      />
      {hidden.size ? <BlindNote documents={task.documents} application={Boolean(task.application)} /> : null}
      {task.batch.description ? (
        <Alert type="info" message={task.batch.description} style={{ marginBottom: 16 }} />
      ) : null}
      <ScoreTable
        criteria={criteria}
        scores={scores}
        problems={problems}
        total={total}
        canEdit={canEdit}
        onScore={setScore}
      />
      <ScoreOpinions canEdit={canEdit} choices={task.batch.recommendations ?? []} review={review} opinions={opinions} />
      {error ? <Alert type="error" showIcon message={error} style={{ marginTop: 16 }} role="alert" /> : null}
      {review.declineKind ? (
        <Alert
          type="info"
          showIcon
          className="rt-declined"
          style={{ marginTop: 16 }}
          message={`${review.declineKind === 'conflict' ? '已申报回避' : '已谢绝评审'}：${review.declineReason ?? ''}（${status.text}）`}
        />
      ) : null}
      {canEdit ? (
        <Space style={{ marginTop: 16 }} wrap>
          <Button loading={busy} onClick={() => void save(false)} {...pageAction('ScoreSheet')}>
            保存草稿
          </Button>
          <Confirm title="提交后不能修改，确定提交吗？" okText="确定" cancelText="取消" onConfirm={() => save(true)}>
            <Button type="primary" loading={busy} {...pageAction('ScoreSheet')}>
              提交评分
            </Button>
          </Confirm>
          <DeclineTask
            reviewId={review.id}
            onDone={(kind) => {
              setGaveUp(kind);
              // Counts only: the task is closed to its expert now, and the page's other widgets
              // re-reading it (the discussion) would only be refused.
              announceDataChanged();
            }}
          />
        </Space>
      ) : review.status === SUBMITTED && editable ? (
        <Alert type="success" showIcon message="评分已提交，不能修改" style={{ marginTop: 16 }} />
      ) : null}
      {task.canReopen ? <ReopenReview reviewId={review.id} onDone={() => load()} /> : null}
      {review.status === SUBMITTED && editable ? <PeerReviews reviewId={review.id} /> : null}
    </div>
  );
}
