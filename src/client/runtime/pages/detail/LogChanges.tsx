import { Table, Typography } from 'antd';
import type { FieldChange } from '../../../../shared/schema/types.js';

const EMPTY = <Typography.Text type="secondary">（空）</Typography.Text>;

/** The field-level diff of one operation-log row: field, value before, value after. */
export function LogChanges({ changes }: { changes: FieldChange[] }) {
  return (
    <Table<FieldChange>
      className="runtime-log-changes"
      rowKey="field"
      size="small"
      pagination={false}
      dataSource={changes}
      columns={[
        { key: 'label', title: '字段', dataIndex: 'label', width: 160 },
        { key: 'from', title: '修改前', dataIndex: 'from', render: (v: string | null) => v ?? EMPTY },
        { key: 'to', title: '修改后', dataIndex: 'to', render: (v: string | null) => v ?? EMPTY },
      ]}
    />
  );
}

/** One line of the diff for the log's summary column: the first few fields changed. */
export function changesSummary(changes: FieldChange[] | undefined, max = 3): string {
  if (!changes?.length) return '';
  const names = changes
    .slice(0, max)
    .map((c) => c.label)
    .join('、');
  return changes.length > max ? `${names}等${changes.length}项` : names;
}
