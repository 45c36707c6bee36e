import { Button, Space, Tag } from 'antd';
import type { AllocationTarget, TaskStatus } from '../../../../../shared/contracts/review.js';
import type { DictionaryOption } from '../../../../../shared/schema/types.js';
import { areaText } from '../../../../runtime/model/dashboard.js';
import { taskStatus } from '../../taskStatus.js';
import { assignable } from './allocationRules.js';
import { IdentityFlag } from './IdentityFlag.js';
import { CloseOutlined } from '@ant-design/icons';
import { pageAction } from '../../../../runtime/pages/pageAction.js';

/** The task status of an assignment no expert has opened yet: the only one that can be taken back. */
const NOT_STARTED = '0';

/**
 * The allocation table's columns: the record, its unit and area, its identity check in a blind
 * batch, its experts (each removable until its expert starts, unless the review has ended) and
 * 分配专家.
 */
export function allocationColumns({
  label,
  blind,
  ended,
  perTopic,
  statuses,
  areas,
  onUnassign,
  onAssign,
}: {
  label: string;
  blind: boolean;
  ended: boolean;
  perTopic: number;
  statuses: TaskStatus[];
  areas: DictionaryOption[];
  onUnassign: (reviewId: number) => void;
  onAssign: (t: AllocationTarget) => void;
}) {
  return [
    { title: `${label}名称`, dataIndex: 'name', ellipsis: true },
    { title: '单位', dataIndex: 'unit', width: 180, ellipsis: true },
    {
      title: '地区',
      dataIndex: 'areaCode',
      width: 100,
      render: (a: string | null) => areaText(a, areas),
    },
    ...(blind
      ? [
          {
            title: '身份信息检查',
            width: 200,
            render: (_: unknown, t: AllocationTarget) => <IdentityFlag scan={t.identity} />,
          },
        ]
      : []),
    {
      title: '评审专家',
      width: 320,
      render: (_: unknown, t: AllocationTarget) => (
        <Space size={[4, 4]} wrap className="rt-assigned">
          {t.refused ? (
            <span className="rt-refused" style={{ color: '#ad4e00' }}>
              不可分配：{t.refused}
            </span>
          ) : null}
          {t.assigned.length === 0 && !t.refused ? <span style={{ color: '#595959' }}>未分配</span> : null}
          {t.assigned.map((a) => (
            <Tag
              key={a.reviewId}
              color={taskStatus(statuses, a.status).color}
              closable={!ended && a.status === NOT_STARTED}
              closeIcon={<CloseOutlined aria-label="取消分配" {...pageAction('allocation')} />}
              onClose={(e) => {
                e.preventDefault();
                onUnassign(a.reviewId);
              }}
            >
              {a.expertName}
              {a.status !== NOT_STARTED ? `（${taskStatus(statuses, a.status).text}）` : ''}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '操作',
      width: 110,
      render: (_: unknown, t: AllocationTarget) => (
        <Button
          size="small"
          disabled={ended || !assignable(t, perTopic)}
          title={t.refused ? `不可分配：${t.refused}` : undefined}
          onClick={() => onAssign(t)}
          {...pageAction('allocation')}
        >
          分配专家
        </Button>
      ),
    },
  ];
}
