import { Alert, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  reviewCalls,
  type AllocationTarget,
  type Candidates,
  type PoolExpert,
} from '../../../../../shared/contracts/review.js';
import { Dialog } from '../../../../feedback/Dialog.js';
import { useDictionary } from '../../../../runtime/dictionaries/useDictionary.js';
import { areaText } from '../../../../runtime/model/dashboard.js';
import { useRuntime } from '../../../../runtime/RuntimeContext.js';
import { useAction } from '../../useAction.js';
import { pickable } from './allocationRules.js';

/**
 * 分配专家 for one record: the pool's experts not yet on it, each with its area, load and conflicts;
 * as many may be ticked as the record has room for, none with a conflict. The server decides
 * (review/allocate, manual) and its refusal is shown in the dialog.
 */
export function AssignDialog({
  target,
  data,
  label,
  onClose,
  onDone,
}: {
  target: AllocationTarget;
  data: Candidates;
  label: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { dataProvider } = useRuntime();
  const areas = useDictionary('areacode');
  const [picked, setPicked] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useAction(setError);
  const taken = new Set(target.assigned.map((a) => a.expertId));
  const reasons = new Map(target.conflicts.map((c) => [c.expertId, c.reasons]));
  const room = data.batch.expertsPerTopic - target.assigned.length;
  const ok = () =>
    run(async () => {
      await dataProvider.moduleCall(reviewCalls.allocate, {
        batchId: data.batch.id,
        mode: 'manual',
        targetIds: [target.id],
        pairs: picked.map((expertId) => ({ targetId: target.id, expertId })),
      });
      onDone();
    });
  return (
    <Dialog
      open
      title={`分配专家：${target.name}`}
      width={880}
      onCancel={onClose}
      onOk={() => void ok()}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: picked.length === 0, loading: busy }}
      className="rt-assign-dialog"
    >
      <p>
        每个{label}需要{data.batch.expertsPerTopic}位专家，还可分配{Math.max(0, room)}
        位。标红的专家存在回避情形，不能分配。
      </p>
      <p className="rt-assign-count" aria-live="polite" style={{ color: picked.length >= room ? '#fa8c16' : '#888' }}>
        已选{picked.length}位{picked.length >= room ? '，已达上限，如需更换请先取消已选的专家' : ''}
      </p>
      {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 12 }} /> : null}
      <Table<PoolExpert>
        size="small"
        rowKey="id"
        pagination={{ pageSize: 8, hideOnSinglePage: true }}
        dataSource={data.experts.filter((e) => !taken.has(e.id))}
        rowSelection={{
          selectedRowKeys: picked,
          hideSelectAll: true,
          // The limit holds while ticking, not only after 确定 (the server refuses more all the same).
          onChange: (keys) => setPicked(keys.map(Number).slice(0, Math.max(0, room))),
          getCheckboxProps: (e: PoolExpert) => ({
            disabled: !pickable(e.id, picked, room, reasons.has(e.id)),
            'aria-label': e.name,
          }),
        }}
        columns={[
          { title: '专家', dataIndex: 'name', width: 110 },
          { title: '单位', dataIndex: 'unit', ellipsis: true },
          {
            title: '地区',
            dataIndex: 'area',
            width: 100,
            render: (a: string | null) => areaText(a, areas.options ?? []),
          },
          { title: '职称', dataIndex: 'title', width: 100 },
          { title: '已分配', dataIndex: 'load', width: 80 },
          {
            title: '回避情形',
            width: 220,
            render: (_: unknown, e: PoolExpert) =>
              (reasons.get(e.id) ?? []).map((r) => (
                <Tag color="red" key={r} className="rt-conflict">
                  {r}
                </Tag>
              )),
          },
        ]}
      />
    </Dialog>
  );
}
