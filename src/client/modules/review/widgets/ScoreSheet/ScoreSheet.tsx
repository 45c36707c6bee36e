/**
 * Widget "ScoreSheet": one review task as its expert scores it. It reads the task from the review
 * module (review/task: the batch's template, the reviewed record as the expert may see it, its
 * documents) rather than from the form, because the template lives on the batch and the server
 * strips the record for blind batches. Inputs are bounded by each criterion's maximum and the
 * total follows as the expert types; 保存草稿 and 提交 go to review/score, which checks everything
 * again and locks the review once submitted. Without `editable` (or once submitted, or for anyone
 * but the expert) the sheet is read-only.
 */
import { weightedTotal } from '../../../../../shared/reviewTotal.js';
import { Alert, Button, Descriptions, Input, Popconfirm, Radio, Space, Spin, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { UploadFileList } from '../../../../upload/UploadFileList.js';
import { fieldErrorsOf } from '../../../../../shared/fieldErrors.js';
import { failureText } from '../../../../feedback/failureText.js';
import { usePageEnv } from '../../../../runtime/PageContext.js';
import { useOptionalRuntime } from '../../../../runtime/RuntimeContext.js';
import { useMessage } from '../../../../feedback/messages.js';
import { DeclineTask, type Kind } from '../../DeclineTask.js';
import { ScoreTable } from './ScoreTable.js';
import { PeerReviews } from '../../PeerReviews.js';
import { ReopenReview } from '../../ReopenReview.js';
import { BlindNote, HIDDEN_TEXT } from '../../BlindNote.js';
import { useDictionary } from '../../../../runtime/dictionaries/useDictionary.js';
import { announceRecordChanged } from '../../../../runtime/recordChanged.js';
import { reviewCalls, type Criterion, type TaskAnswer } from '../../../../../shared/contracts/review.js';
import { taskStatus } from '../../taskStatus.js';

/**
 * What is wrong with one typed score, or null: out of range is said, never corrected (a 35 turned
 * into 30 would be a score the expert did not give).
 */
export function scoreProblem(c: Criterion, v: number | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (!Number.isFinite(v) || v < 0 || v > c.maxScore) return `得分须在0到${c.maxScore}之间`;
  return null;
}

/** The total of the scores typed so far on the 100-point scale (the server computes the same on save). */
export function liveTotal(criteria: Criterion[], scores: Record<string, number | null | undefined>): number {
  return weightedTotal(criteria, scores);
}

function Documents({ documents, onApplication }: { documents: TaskAnswer['documents']; onApplication?: () => void }) {
  const list = (documents ?? []).filter((d) => d.files.length > 0);
  if (!list.length && !onApplication) return <span className="runtime-text">暂无材料</span>;
  return (
    <div className="rt-score-docs">
      {onApplication ? (
        <div data-field="generatedApplication">
          <div style={{ color: '#666' }}>申报书（按申报信息生成）</div>
          <a className="rt-score-application" onClick={onApplication}>
            下载申报书
          </a>
        </div>
      ) : null}
      {list.map((d) => (
        <div key={d.field} data-field={d.field}>
          <div style={{ color: '#666' }}>{d.label}</div>
          <UploadFileList value={d.files} />
        </div>
      ))}
    </div>
  );
}

export function ScoreSheet({ editable }: { editable?: boolean; value?: unknown }) {
  const env = usePageEnv();
  const runtime = useOptionalRuntime();
  const message = useMessage();
  const id = env?.record?.id;
  const [task, setTask] = useState<TaskAnswer | null | undefined>(undefined);
  const [scores, setScores] = useState<Record<string, number | null>>({});
  const [recommendation, setRecommendation] = useState<string | null>(null);
  const [confidence, setConfidence] = useState<string | null>(null);
  const confidenceOptions = useDictionary('psbw').options;
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server's messages at a criterion (field scores.<criterion>), until that score is changed.
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  // Given up here (申报回避 / 谢绝评审): the door is closed, the server answers nothing of the task any more.
  const [gaveUp, setGaveUp] = useState<Kind | null>(null);

  const load = useCallback(() => {
    if (!runtime || id === undefined || id === null) {
      setTask(null);
      return () => undefined;
    }
    let alive = true;
    runtime.dataProvider.moduleCall(reviewCalls.task, { id }).then(
      (t) => {
        if (!alive) return;
        setTask(t ?? null);
        if (t) {
          setScores({ ...(t.review.scores ?? {}) });
          setRecommendation(t.review.recommendation ?? null);
          setConfidence(t.review.confidence ?? null);
          setComment(t.review.comment ?? '');
        }
      },
      (e) => {
        if (alive) {
          setTask(null);
          setError(failureText(e));
        }
      },
    );
    return () => {
      alive = false;
    };
  }, [runtime, id]);
  useEffect(() => load(), [load]);

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

  const criteria = Array.isArray(task.batch.criteria) ? task.batch.criteria : [];
  const options = task.batch.recommendations ?? [];
  const review = task.review;
  const canEdit = Boolean(editable) && task.canEdit && review.status !== '2';
  const total = canEdit ? liveTotal(criteria, scores) : (review.total ?? liveTotal(criteria, scores));
  const status = taskStatus(task.statuses, review.status);
  const problems = Object.fromEntries(
    criteria.map((c) => [c.name, scoreProblem(c, scores[c.name]) ?? serverProblems[c.name] ?? null]),
  );

  async function save(submit: boolean) {
    if (!runtime || !task) return;
    const bad = criteria.filter((c) => problems[c.name]);
    if (bad.length) {
      setError(bad.map((c) => `「${c.name}」${problems[c.name]}`).join('；'));
      return;
    }
    setBusy(true);
    setError(null);
    setServerProblems({});
    try {
      const filled = Object.fromEntries(Object.entries(scores).filter(([, v]) => v !== null && v !== undefined));
      const saved = await runtime.dataProvider.moduleCall(reviewCalls.score, {
        id: review.id,
        version: review.version,
        scores: filled,
        recommendation,
        confidence,
        comment,
        submit,
      });
      setTask({ ...task, review: { ...review, ...saved } });
      if (submit) announceRecordChanged(review.id);
      void message.success(submit ? '提交成功' : '保存成功');
    } catch (e) {
      const fields = fieldErrorsOf((e as { data?: unknown })?.data) ?? {};
      setServerProblems(
        Object.fromEntries(
          Object.entries(fields)
            .filter(([k]) => k.startsWith('scores.'))
            .map(([k, m]) => [k.slice(7), m.join('；')]),
        ),
      );
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  }

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
            children: (
              <Documents
                documents={task.documents}
                onApplication={
                  task.application && runtime
                    ? () =>
                        void runtime.dataProvider
                          .download(`review/application?id=${encodeURIComponent(String(review.id))}`, 'POST')
                          .catch((e: unknown) => setError(failureText(e)))
                    : undefined
                }
              />
            ),
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
        onScore={(name, v) => {
          setScores((s) => ({ ...s, [name]: v }));
          setServerProblems((p) => {
            const { [name]: _gone, ...others } = p;
            return others;
          });
        }}
      />
      <div style={{ marginTop: 16 }}>
        <div style={{ marginBottom: 8 }}>推荐意见</div>
        {canEdit ? (
          <Radio.Group
            aria-label="推荐意见"
            value={recommendation}
            onChange={(e) => setRecommendation(e.target.value as string)}
            options={options.map((o) => ({ label: o, value: o }))}
          />
        ) : (
          <span className="rt-score-recommendation">{review.recommendation ?? '-'}</span>
        )}
      </div>
      <div style={{ marginTop: 16 }}>
        <div style={{ marginBottom: 8 }}>评审把握</div>
        {canEdit ? (
          <Radio.Group
            aria-label="评审把握"
            value={confidence}
            onChange={(e) => setConfidence(e.target.value as string)}
            options={confidenceOptions.map((o) => ({ label: o.text, value: o.value }))}
          />
        ) : (
          <span className="rt-score-confidence">
            {confidenceOptions.find((o) => o.value === review.confidence)?.text ?? '-'}
          </span>
        )}
      </div>
      <div style={{ marginTop: 16 }}>
        <div style={{ marginBottom: 8 }}>评审意见</div>
        {canEdit ? (
          <Input.TextArea
            aria-label="评审意见"
            rows={4}
            maxLength={2000}
            showCount
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        ) : (
          <div className="rt-score-comment" style={{ whiteSpace: 'pre-wrap' }}>
            {review.comment || '-'}
          </div>
        )}
      </div>
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
          <Button loading={busy} onClick={() => void save(false)}>
            保存草稿
          </Button>
          <Popconfirm title="提交后不能修改，确定提交吗？" okText="确定" cancelText="取消" onConfirm={() => save(true)}>
            <Button type="primary" loading={busy}>
              提交评分
            </Button>
          </Popconfirm>
          <DeclineTask
            reviewId={review.id}
            onDone={(kind) => {
              setGaveUp(kind);
              announceRecordChanged(review.id);
            }}
          />
        </Space>
      ) : review.status === '2' && editable ? (
        <Alert type="success" showIcon message="评分已提交，不能修改" style={{ marginTop: 16 }} />
      ) : null}
      {task.canReopen ? <ReopenReview reviewId={review.id} onDone={() => load()} /> : null}
      {review.status === '2' && editable ? <PeerReviews reviewId={review.id} /> : null}
    </div>
  );
}
