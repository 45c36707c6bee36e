/**
 * The progress page kind (./page.schema.json): a review batch's progress per record and
 * reviewer (未开始 / 草稿 / 已提交), the percentage, the reviewers still missing with a reminder,
 * and the end of the review — forced with a reason while tasks are open — after which each
 * record's final score and disagreement flag are shown. The review module's endpoints decide
 * (review/progress, review/remind, tTopicReview/checkEndReview); the task statuses' labels and
 * colours are the review workflow's, as the answer carries them.
 */
import { Alert, Button, Card, Col, Progress, Row, Space, Statistic, Table, Tag } from 'antd';
import type { ProgressPageDef } from '../../../../../shared/schema/types.js';
import type { PageKindProps } from '../../../../runtime/pages/types.js';
import type { ProgressTarget } from '../../../../../shared/contracts/review.js';
import { taskStatus } from '../../taskStatus.js';
import { LeftTasks } from '../../LeftTasks.js';
import { ActionError, BackButton, BatchPending } from '../../BatchFrame.js';
import { EndControls } from './EndControls.js';
import { EndDialog } from './EndDialog.js';
import { progressColumns } from './progressColumns.js';
import { useProgress } from './useProgress.js';

/** The task statuses the figures count (schemas/workflows/review.json): their labels are the workflow's. */
const DRAFT = '1';
const SUBMITTED = '2';

export function ProgressPage({ bundle, query }: PageKindProps) {
  const page = bundle.page as ProgressPageDef;
  const { data, error, setError, load, busy, forcing, setForcing, remind, end, exportResults } = useProgress(query.id);

  const back = <BackButton to={page.back} />;
  if (!data) return <BatchPending title={page.title} loading={data === undefined} error={error} back={back} />;
  const ended = data.batch.status === '2';
  const running = data.batch.status === '1';
  const open = data.total - data.submitted;
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
      <ActionError error={error} onClose={() => setError(null)} />
      {running ? (
        <EndControls
          busy={busy}
          missing={data.missing.length}
          left={open}
          refusal={data.batch.endRefusal}
          onRemind={() => void remind()}
          onForce={() => setForcing(true)}
          onEnd={() => end()}
        />
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
      <Table<ProgressTarget>
        size="small"
        rowKey="targetId"
        dataSource={data.targets}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: `暂无已分配的${page.targetLabel}` }}
        columns={progressColumns(page, data.statuses, ended)}
      />
      <EndDialog
        left={open}
        open={forcing}
        busy={busy}
        onCancel={() => setForcing(false)}
        onOk={(reason) => void end(reason)}
      />
    </Card>
  );
}
