/** The versions of one file, newest first: who, when, why, what changed; any earlier one restored in one step. */
import { Button, Table, Tag, Typography } from 'antd';
import { Confirm } from '../../../feedback/Confirm.js';
import type { Change, Version } from './studioApi.js';
import { timeText } from './timeText.js';
import { pageAction } from '../pageAction.js';

const ACTIONS: Record<Version['action'], { label: string; color: string }> = {
  file: { label: '文件原版', color: 'default' },
  publish: { label: '发布', color: 'blue' },
  rollback: { label: '回滚', color: 'orange' },
};

export function changeText(c: Change): string {
  const show = (v: unknown) => {
    const s = JSON.stringify(v);
    return s && s.length > 80 ? `${s.slice(0, 80)}…` : s;
  };
  if (c.before === undefined) return `新增 ${c.path}：${show(c.after)}`;
  if (c.after === undefined) return `删除 ${c.path}：${show(c.before)}`;
  return `修改 ${c.path}：${show(c.before)} → ${show(c.after)}`;
}

export function StudioVersions({ versions, onRollback }: { versions: Version[]; onRollback: (v: Version) => void }) {
  return (
    <Table<Version>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={versions}
      locale={{ emptyText: '尚未发布过，当前使用文件中的配置' }}
      columns={[
        { title: '版本', dataIndex: 'id', width: 70 },
        {
          title: '类型',
          dataIndex: 'action',
          width: 90,
          render: (a: Version['action'], v) => (
            <>
              <Tag color={ACTIONS[a].color}>{ACTIONS[a].label}</Tag>
              {v.rolledBackTo ? `回到 ${v.rolledBackTo}` : ''}
            </>
          ),
        },
        { title: '操作人', dataIndex: 'userName', width: 90, render: (u: string | null) => u ?? '—' },
        { title: '时间', dataIndex: 'createdAt', width: 170, render: (t: number) => timeText(t) },
        { title: '说明', dataIndex: 'reason', render: (r: string | null) => r ?? '' },
        {
          title: '变更',
          dataIndex: 'diff',
          render: (d: Change[] | null) =>
            d?.length ? (
              <Typography.Paragraph
                ellipsis={{ rows: 2, expandable: true, symbol: '展开' }}
                style={{ marginBottom: 0 }}
              >
                {d.map(changeText).join('；')}
              </Typography.Paragraph>
            ) : (
              ''
            ),
        },
        {
          title: '操作',
          width: 90,
          render: (_: unknown, v, i) =>
            i === 0 ? (
              <Tag color="green">当前</Tag>
            ) : (
              <Confirm title={`回滚到版本 ${v.id}？`} okText="回滚" cancelText="取消" onConfirm={() => onRollback(v)}>
                <Button type="link" size="small" {...pageAction('studio')}>
                  回滚到此版本
                </Button>
              </Confirm>
            ),
        },
      ]}
    />
  );
}
