/**
 * The progress page kind (./page.schema.json): a review batch's progress per record and
 * reviewer (未开始 / 草稿 / 已提交), the percentage, the reviewers still missing with a reminder,
 * and the end of the review — forced with a reason while tasks are open — after which each
 * record's final score and disagreement flag are shown. The review module's endpoints decide
 * (review/progress, review/remind, tTopicReview/checkEndReview); the task statuses' labels and
 * colours are the review workflow's, as the answer carries them.
 */
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Input,
  Popconfirm,
  Progress,
  Row,
  Space,
  Spin,
  Statistic,
  Table,
  Tag,
} from 'antd';
import { Dialog } from '../../../../feedback/Dialog.js';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ProgressPageDef } from '../../../../../shared/schema/types.js';
import { fillPlaceholders } from '../../../../../shared/schema/placeholders.js';
import { useRuntime } from '../../../../runtime/RuntimeContext.js';
import { failureText } from '../../../../feedback/failureText.js';
import type { PageKindProps } from '../../../../runtime/pages/types.js';
import { useBatchAnswer } from '../../useBatchAnswer.js';
import { taskStatus } from '../../taskStatus.js';
import {
  reviewCalls,
  type ProgressTask as TaskRow,
  type ProgressTarget as TargetRow,
} from '../../../../../shared/contracts/review.js';
import { useMessage } from '../../../../feedback/messages.js';
import { LeftTasks } from '../../LeftTasks.js';

/** The task statuses the figures count (schemas/workflows/review.json): their labels are the workflow's. */
const DRAFT = '1';
const SUBMITTED = '2';

function EndDialog({
  open,
  count,
  busy,
  onCancel,
  onOk,
}: {
  open: number;
  count: boolean;
  busy: boolean;
  onCancel: () => void;
  onOk: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open={count}
      title="强制结束评审"
      okText="结束评审"
      cancelText="取消"
      onCancel={onCancel}
      okButtonProps={{ disabled: !reason.trim(), loading: busy, danger: true }}
      onOk={() => onOk(reason.trim())}
      className="rt-end-dialog"
    >
      <p>还有{open}份评审未提交。强制结束后，未提交的评分不计入总评。</p>
      <Input.TextArea
        aria-label="强制结束原因"
        rows={3}
        maxLength={500}
        showCount
        placeholder="请填写强制结束的原因"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Dialog>
  );
}

export function ProgressPage({ bundle, query }: PageKindProps) {
  const page = bundle.page as ProgressPageDef;
  const { dataProvider } = useRuntime();
  const navigate = useNavigate();
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const [forcing, setForcing] = useState(false);
  const batchId = query.id;

  const { data, error, setError, load } = useBatchAnswer(reviewCalls.progress, batchId);

  async function run(fn: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  }
  const remind = () =>
    run(async () => {
      const r = await dataProvider.moduleCall(reviewCalls.remind, { batchId: batchId! });
      void message.success(`已提醒${r?.reminded ?? 0}位专家`);
    });
  const end = (reason?: string) =>
    run(async () => {
      await dataProvider.moduleCall(reviewCalls.endReview, {
        batchId: batchId!,
        ...(reason ? { force: true, reason } : {}),
      });
      setForcing(false);
      void message.success('评审已结束');
      load();
    });

  const exportResults = () => run(() => dataProvider.download('review/export', 'POST', { batchId }));

  const back = <Button onClick={() => (page.back ? navigate(page.back) : navigate(-1))}>返回</Button>;
  if (data === undefined)
    return (
      <Card title={page.title} className="runtime-page">
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      </Card>
    );
  if (!data) {
    return (
      <Card title={page.title} className="runtime-page" extra={back}>
        {error ? <Alert type="warning" showIcon message={error} /> : <Empty description="请从评审列表选择评审批次" />}
      </Card>
    );
  }
  const ended = data.batch.status === '2';
  const running = data.batch.status === '1';
  const open = data.total - data.submitted;
  const taskLink = (r: TaskRow, text: ReactNode) =>
    page.taskTo ? <Link to={fillPlaceholders(page.taskTo, { id: r.reviewId })}>{text}</Link> : text;
  return (
    <Card
      title={`${page.title}：${data.batch.name}`}
      className="runtime-page rt-progress"
      extra={
        <Space>
          <Button className="rt-export-results" onClick={() => void exportResults()} disabled={data.total === 0}>
            导出
          </Button>
          {back}
        </Space>
      }
    >
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} md={6}>
          <Progress type="circle" percent={data.percent} size={96} aria-label={`完成${data.percent}%`} />
        </Col>
        <Col xs={8} md={6}>
          <Statistic title="评审任务" value={data.total} />
        </Col>
        <Col xs={8} md={6}>
          <Statistic title={taskStatus(data.statuses, SUBMITTED).text} value={data.submitted} />
        </Col>
        <Col xs={8} md={6}>
          <Statistic title={taskStatus(data.statuses, DRAFT).text} value={data.drafts} />
        </Col>
      </Row>
      {ended ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          message={`评审已于${data.batch.endedAt ?? ''}结束${data.batch.endReason ? `（强制结束：${data.batch.endReason}）` : ''}`}
        />
      ) : null}
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={error}
          style={{ marginBottom: 12 }}
          closable
          onClose={() => setError(null)}
        />
      ) : null}
      {running ? (
        <Space style={{ marginBottom: 12 }} wrap>
          <Button onClick={() => void remind()} loading={busy} disabled={data.missing.length === 0}>
            催办
          </Button>
          {open > 0 ? (
            <Button danger onClick={() => setForcing(true)}>
              结束评审
            </Button>
          ) : (
            <Popconfirm
              title="结束评审后将计算总评，确定结束吗？"
              okText="确定"
              cancelText="取消"
              onConfirm={() => end()}
            >
              <Button type="primary" loading={busy}>
                结束评审
              </Button>
            </Popconfirm>
          )}
        </Space>
      ) : null}
      {data.missing.length ? (
        <div className="rt-missing" style={{ marginBottom: 12 }}>
          <span style={{ marginRight: 8 }}>未完成的专家：</span>
          {data.missing.map((m) => (
            <Tag key={m.expertId} color="orange">
              {m.expertName}（{m.open}份）
            </Tag>
          ))}
        </div>
      ) : null}
      <LeftTasks tasks={data.left ?? []} statuses={data.statuses} running={running} onDone={load} />
      <Table<TargetRow>
        size="small"
        rowKey="targetId"
        dataSource={data.targets}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: `暂无已分配的${page.targetLabel}` }}
        columns={[
          { title: `${page.targetLabel}名称`, dataIndex: 'targetName', ellipsis: true },
          { title: '进度', width: 90, render: (_: unknown, t: TargetRow) => `${t.submitted}/${t.total}` },
          {
            title: '专家评审',
            width: 380,
            render: (_: unknown, t: TargetRow) => (
              <Space size={[4, 4]} wrap>
                {t.experts.map((r) => (
                  <Tag key={r.reviewId} color={taskStatus(data.statuses, r.status).color} data-status={r.status}>
                    {taskLink(
                      r,
                      `${r.expertName}：${taskStatus(data.statuses, r.status).text}${r.status === '2' && r.total !== null ? ` ${r.total}分` : ''}`,
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
                  render: (_: unknown, t: TargetRow) => (
                    <span className="rt-final-score">{t.result?.finalScore ?? '-'}</span>
                  ),
                },
                { title: '分差', width: 80, render: (_: unknown, t: TargetRow) => t.result?.spread ?? '-' },
                {
                  title: '意见分歧',
                  width: 110,
                  render: (_: unknown, t: TargetRow) =>
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
                  render: (_: unknown, t: TargetRow) => t.result?.recommendation ?? '-',
                },
              ]
            : []),
        ]}
      />
      <EndDialog
        open={open}
        count={forcing}
        busy={busy}
        onCancel={() => setForcing(false)}
        onOk={(reason) => void end(reason)}
      />
    </Card>
  );
}
