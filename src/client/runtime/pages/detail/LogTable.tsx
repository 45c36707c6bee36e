import { Table } from 'antd';
import { useEffect, useState } from 'react';
import { ROLE_NAMES, type RoleCode } from '../../../../shared/roles.js';
import type { OperationLogRow, WorkflowDef } from '../../../../shared/schema/types.js';
import { formatDate, statusOf } from '../../model/columns.js';
import { useRuntime } from '../../RuntimeContext.js';
import { StatusTag } from '../../widgets/StatusTag/StatusTag.js';
import { changesSummary, LogChanges } from './LogChanges.js';

/**
 * The operation log of a record: who did what, when, from which status to which, with what
 * comment, and what each change did to the fields (a row with changes opens to its diff).
 */
export function LogTable({ entity, id, workflow }: { entity: string; id: string; workflow: WorkflowDef | null }) {
  const { dataProvider } = useRuntime();
  const [rows, setRows] = useState<OperationLogRow[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    dataProvider
      .getLog(entity, id)
      .then(
        (r) => {
          if (alive) setRows(r);
        },
        () => undefined,
      )
      .finally(() => {
        if (alive) setLoading(false);
      });
    return () => {
      alive = false;
    };
  }, [dataProvider, entity, id]);
  const label = (r: OperationLogRow) =>
    r.actionLabel ?? workflow?.transitions.find((t) => t.action === r.action)?.label ?? r.action;
  return (
    <Table<OperationLogRow>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      pagination={false}
      className="runtime-log"
      expandable={{
        rowExpandable: (r) => Boolean(r.changes?.length),
        expandedRowRender: (r) => <LogChanges changes={r.changes ?? []} />,
      }}
      columns={[
        { key: 'createdAt', title: '操作时间', dataIndex: 'createdAt', width: 170, render: (v) => formatDate(v, true) },
        { key: 'user', title: '操作人', dataIndex: 'userName', render: (v, r) => v ?? r.userId ?? '' },
        {
          key: 'role',
          title: '角色',
          dataIndex: 'roleCode',
          render: (v) => (v ? (ROLE_NAMES[v as RoleCode] ?? v) : ''),
        },
        { key: 'action', title: '操作', dataIndex: 'action', render: (_v, r) => label(r) },
        {
          key: 'from',
          title: '操作前状态',
          dataIndex: 'fromStatus',
          render: (v) => (statusOf(workflow, v) || v ? <StatusTag value={v} workflow={workflow} /> : ''),
        },
        {
          key: 'to',
          title: '操作后状态',
          dataIndex: 'toStatus',
          render: (v) => (v ? <StatusTag value={v} workflow={workflow} /> : ''),
        },
        { key: 'comment', title: '意见', dataIndex: 'comment', render: (v) => v ?? '' },
        { key: 'changes', title: '修改内容', dataIndex: 'changes', render: (_v, r) => changesSummary(r.changes) },
      ]}
    />
  );
}
