import { Tag } from 'antd';
import type { WorkflowDef } from '../../../../shared/schema/types.js';
import { statusOf } from '../../model/columns.js';
import { usePageEnv } from '../../PageContext.js';

/** A workflow status as its coloured tag (the workflow of the page, or one given). */
export function StatusTag({ value, workflow }: { value?: unknown; workflow?: WorkflowDef | null }) {
  const env = usePageEnv();
  const wf = workflow ?? env?.bundle.workflow;
  if (value === null || value === undefined || value === '') return <span className="runtime-text">-</span>;
  const status = statusOf(wf, value);
  return <Tag color={status?.color}>{status?.label ?? String(value)}</Tag>;
}
