/**
 * The allocation page kind (./page.schema.json): the records waiting in a review batch's
 * stage with their reviewers, manual assignment with each candidate's conflicts and load, and the
 * automatic allocation. The server decides everything (review/candidates, review/allocate,
 * review/unassign): a hard conflict chosen by hand is refused there and its reason shown here.
 */
import { Button, Card, Descriptions, Space, Table } from 'antd';
import { Confirm } from '../../../../feedback/Confirm.js';
import { useState } from 'react';
import type { AllocationPageDef } from '../../../../../shared/schema/types.js';
import { useDictionary } from '../../../../runtime/dictionaries/useDictionary.js';
import type { PageKindProps } from '../../../../runtime/pages/types.js';
import type { AllocationTarget } from '../../../../../shared/contracts/review.js';
import { useMessage } from '../../../../feedback/messages.js';
import { ActionError, BackButton, BatchPending } from '../../BatchFrame.js';
import { allocationColumns } from './allocationColumns.js';
import { AssignDialog } from './AssignDialog.js';
import { useAllocation } from './useAllocation.js';
import { pageAction } from '../../../../runtime/pages/pageAction.js';

export function AllocationPage({ bundle, query }: PageKindProps) {
  const page = bundle.page as AllocationPageDef;
  const message = useMessage();
  const areas = useDictionary('areacode');
  const [assigning, setAssigning] = useState<AllocationTarget | null>(null);
  const { data, error, setError, load, selected, setSelected, busy, autoIds, auto, unassign } = useAllocation(query.id);

  const back = <BackButton to={page.back} />;
  if (!data) return <BatchPending title={page.title} loading={data === undefined} error={error} back={back} />;
  const ended = data.batch.status === '2';
  const b = data.batch;
  return (
    <Card title={`${page.title}：${b.name}`} className="runtime-page rt-allocation" extra={back}>
      <Descriptions
        size="small"
        column={4}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'n', label: `每个${page.targetLabel}专家`, children: `${b.expertsPerTopic}人` },
          { key: 'b', label: '隐名评审', children: b.blind ? '是' : '否' },
          { key: 'o', label: '异地评审', children: b.outOfArea ? '是' : '否' },
          { key: 'e', label: '专家库', children: `${data.experts.length}人` },
        ]}
      />
      <ActionError error={error} onClose={() => setError(null)} />
      <Space style={{ marginBottom: 12 }}>
        <Confirm
          title={`为${autoIds.length}个${page.targetLabel}自动分配专家？`}
          okText="确定"
          cancelText="取消"
          onConfirm={auto}
          disabled={ended || autoIds.length === 0}
        >
          <Button type="primary" loading={busy} disabled={ended || autoIds.length === 0} {...pageAction('allocation')}>
            自动分配
          </Button>
        </Confirm>
        <span style={{ color: '#666' }}>
          {selected.length
            ? `已选${selected.length}个${page.targetLabel}`
            : `未选择时为全部专家不足的${page.targetLabel}分配`}
          {data.others ? `；另有${data.others}份评审的${page.targetLabel}已离开待评审状态` : ''}
        </span>
      </Space>
      <Table<AllocationTarget>
        size="small"
        rowKey="id"
        dataSource={data.targets}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        rowSelection={
          ended
            ? undefined
            : {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (t: AllocationTarget) => ({
                  disabled: !!t.refused,
                  'aria-label': t.name ?? String(t.id),
                }),
              }
        }
        locale={{ emptyText: `暂无待分配的${page.targetLabel}` }}
        columns={allocationColumns({
          label: page.targetLabel,
          blind: b.blind,
          ended,
          perTopic: b.expertsPerTopic,
          statuses: data.statuses,
          areas: areas.options ?? [],
          onUnassign: (id) => void unassign(id),
          onAssign: setAssigning,
        })}
      />
      {assigning ? (
        <AssignDialog
          target={assigning}
          data={data}
          label={page.targetLabel}
          onClose={() => setAssigning(null)}
          onDone={() => {
            setAssigning(null);
            void message.success('分配成功');
            load();
          }}
        />
      ) : null}
    </Card>
  );
}
