import { Empty, Space, Steps, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { OperationLogRow, WorkflowDef } from '../../../../shared/schema/types.js';
import { workflowProgress } from '../../model/workflowProgress.js';
import { useRuntime } from '../../RuntimeContext.js';

/**
 * The 流程 tab as a person follows it: the steps the record took, where it is, and what comes next
 * with who acts. Every reader gets this; administrators get the whole diagram below it.
 */
export function WorkflowProgress({
  workflow,
  current,
  entity,
  id,
}: {
  workflow: WorkflowDef;
  current?: string | null;
  entity: string;
  id: string;
}) {
  const { dataProvider } = useRuntime();
  const [log, setLog] = useState<OperationLogRow[]>([]);
  useEffect(() => {
    let alive = true;
    dataProvider.getLog(entity, id).then(
      (rows) => {
        if (alive) setLog(rows);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, entity, id]);
  const progress = useMemo(() => workflowProgress(workflow, current, log), [workflow, current, log]);

  return (
    <div className="runtime-wf-progress" style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>已完成的步骤</Typography.Title>
      {progress.taken.length ? (
        <Steps
          direction="vertical"
          size="small"
          current={progress.taken.length - 1}
          items={progress.taken.map((s) => ({
            title: `${s.action} → ${s.status}`,
            description: [s.who, s.when, s.comment].filter(Boolean).join('　'),
          }))}
        />
      ) : (
        <Typography.Paragraph type="secondary">尚无记录</Typography.Paragraph>
      )}
      {progress.current ? (
        <Typography.Paragraph>
          当前状态：<Typography.Text strong>{progress.current}</Typography.Text>
        </Typography.Paragraph>
      ) : null}
      <Typography.Title level={5}>下一步</Typography.Title>
      {progress.next.length ? (
        <Space direction="vertical" size={4} className="runtime-wf-next">
          {progress.next.map((s) => (
            <Typography.Text key={`${s.action}|${s.status}|${s.who}`}>
              {s.action}（{s.who}）→ {s.status}
            </Typography.Text>
          ))}
        </Space>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="流程已结束，没有下一步" />
      )}
    </div>
  );
}
