import { ArrowRightOutlined } from '@ant-design/icons';
import { Space, Table, Tag, Typography } from 'antd';
import { ROLE_NAMES, type RoleCode } from '../../../shared/roles.js';
import type { TransitionDef, WorkflowDef } from '../../../shared/schema/types.js';
import { statusOf } from '../model/columns.js';

function StatusChip({ workflow, code, current }: { workflow: WorkflowDef; code: string; current?: string }) {
  const s = statusOf(workflow, code);
  const isCurrent = current !== undefined && String(current) === code;
  return (
    <Tag color={s?.color} style={isCurrent ? { fontWeight: 600, outline: '2px solid #1677ff' } : undefined}>
      {s?.label ?? code}{isCurrent ? '（当前）' : ''}
    </Tag>
  );
}

/** A workflow drawn from its schema: the statuses (current one marked) and every transition between them. */
export function WorkflowView({ workflow, current }: { workflow: WorkflowDef; current?: string }) {
  const transitions = workflow.transitions.filter((t) => t.actor !== 'system');
  return (
    <div className="runtime-workflow">
      <Typography.Title level={5}>{workflow.label ?? '状态'}</Typography.Title>
      <Space wrap size={[4, 8]} style={{ marginBottom: 16 }}>
        {workflow.statuses.map((s) => <StatusChip key={s.code} workflow={workflow} code={s.code} current={current} />)}
      </Space>
      <Table<TransitionDef>
        rowKey="action" size="small" pagination={false} dataSource={transitions}
        columns={[
          { key: 'label', title: '操作', dataIndex: 'label' },
          {
            key: 'path', title: '状态变化',
            render: (_v, t) => (
              <Space wrap size={[4, 4]}>
                {t.from.map((f) => <StatusChip key={f} workflow={workflow} code={f} />)}
                <ArrowRightOutlined />
                {t.toByFrom ? [...new Set(Object.values(t.toByFrom).concat(t.to))].map((to) => <StatusChip key={to} workflow={workflow} code={to} />) : <StatusChip workflow={workflow} code={t.to} />}
              </Space>
            ),
          },
          { key: 'roles', title: '角色', dataIndex: 'roles', render: (roles: string[]) => roles.map((r) => ROLE_NAMES[r as RoleCode] ?? r).join('、') },
        ]}
      />
    </div>
  );
}
