/**
 * The progress page's tasks whose expert declared a conflict or declined: the chair opens one,
 * sees why it left and the experts who may take it over without breaking an allocation rule
 * (review/replacement, the proposal first), and confirms one (review/replace).
 */
import { Alert, Radio, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { Dialog } from '../../feedback/Dialog.js';
import { useMessage } from '../../feedback/messages.js';
import { useRuntime } from '../../runtime/RuntimeContext.js';
import { failureText } from '../../feedback/failureText.js';
import { taskStatus, type TaskStatus } from './taskStatus.js';
import { reviewCalls, type LeftTask, type ReplacementProposal as Proposal } from '../../../shared/contracts/review.js';
import { pageAction } from '../../runtime/pages/pageAction.js';

export function LeftTasks({
  tasks,
  statuses,
  running,
  onDone,
}: {
  tasks: LeftTask[];
  statuses?: TaskStatus[];
  running: boolean;
  onDone: () => void;
}) {
  const { dataProvider } = useRuntime();
  const message = useMessage();
  const [open, setOpen] = useState<LeftTask | null>(null);
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [pick, setPick] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!tasks.length) return null;

  async function show(t: LeftTask) {
    setOpen(t);
    setProposal(null);
    setPick(null);
    setError(null);
    try {
      const p = await dataProvider.moduleCall(reviewCalls.replacement, { id: t.reviewId });
      setProposal(p);
      setPick(p.candidates[0]?.expertId ?? null);
    } catch (e) {
      setError(failureText(e));
    }
  }
  async function confirm() {
    if (!open || pick === null) return;
    setBusy(true);
    try {
      await dataProvider.moduleCall(reviewCalls.replace, { id: open.reviewId, expertId: pick });
      void message.success('已替换专家');
      setOpen(null);
      onDone();
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="rt-left-tasks" style={{ marginBottom: 12 }}>
      <div style={{ marginBottom: 8 }}>申报回避与谢绝评审：</div>
      <Table<LeftTask>
        size="small"
        rowKey="reviewId"
        dataSource={tasks}
        pagination={false}
        columns={[
          { title: '课题名称', dataIndex: 'targetName', ellipsis: true },
          { title: '专家', dataIndex: 'expertName', width: 110 },
          {
            title: '方式',
            width: 100,
            render: (_: unknown, t: LeftTask) => (t.declineKind === 'conflict' ? '申报回避' : '谢绝评审'),
          },
          { title: '说明', dataIndex: 'declineReason', ellipsis: true },
          {
            title: '状态',
            width: 160,
            render: (_: unknown, t: LeftTask) => (
              <Tag color={taskStatus(statuses, t.status).color}>{taskStatus(statuses, t.status).text}</Tag>
            ),
          },
          {
            title: '操作',
            width: 110,
            render: (_: unknown, t: LeftTask) =>
              t.status === '4' && running ? (
                <a className="rt-replace" onClick={() => void show(t)} {...pageAction('progress')}>
                  确认替换
                </a>
              ) : (
                '-'
              ),
          },
        ]}
      />
      <Dialog
        open={open !== null}
        title="确认替换专家"
        okText="确认替换"
        cancelText="取消"
        className="rt-replace-dialog"
        onCancel={() => setOpen(null)}
        onOk={() => void confirm()}
        okButtonProps={{ disabled: pick === null, loading: busy }}
      >
        {open ? (
          <p>
            {open.expertName}
            {open.declineKind === 'conflict' ? `申报回避（${proposal?.review.conflictType ?? ''}）` : '谢绝评审'}「
            {open.targetName}」：{open.declineReason}
          </p>
        ) : null}
        {!proposal && !error ? <Spin /> : null}
        {proposal?.message ? <Alert type="warning" showIcon message={proposal.message} /> : null}
        {proposal?.candidates.length ? (
          <>
            <p>以下专家均符合本批次全部分配规则（回避、同单位不超过2人、评审数量均衡），系统建议第一位：</p>
            <Radio.Group aria-label="替换专家" value={pick} onChange={(e) => setPick(e.target.value as number)}>
              <Space direction="vertical">
                {proposal.candidates.map((c, i) => (
                  <Radio key={c.expertId} value={c.expertId}>
                    {c.name}（{c.unit ?? '未填单位'}，已分配{c.load}个{c.subjectMatch ? '，学科匹配' : ''}）
                    {i === 0 ? (
                      <Tag color="blue" style={{ marginLeft: 8 }}>
                        建议
                      </Tag>
                    ) : null}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </>
        ) : null}
        {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginTop: 12 }} /> : null}
      </Dialog>
    </div>
  );
}
