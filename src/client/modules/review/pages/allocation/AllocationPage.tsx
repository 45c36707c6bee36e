/**
 * The allocation page kind (./page.schema.json): the records waiting in a review batch's
 * stage with their reviewers, manual assignment with each candidate's conflicts and load, and the
 * automatic allocation. The server decides everything (review/candidates, review/allocate,
 * review/unassign): a hard conflict chosen by hand is refused there and its reason shown here.
 */
import { Alert, Button, Card, Descriptions, Empty, Popconfirm, Space, Spin, Table, Tag } from 'antd';
import { Dialog } from '../../../../feedback/Dialog.js';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AllocationPageDef } from '../../../../../shared/schema/types.js';
import { useDictionary } from '../../../../runtime/dictionaries/useDictionary.js';
import { areaText } from '../../../../runtime/model/dashboard.js';
import { useRuntime } from '../../../../runtime/RuntimeContext.js';
import { failureText } from '../../../../feedback/failureText.js';
import type { PageKindProps } from '../../../../runtime/pages/types.js';
import { useBatchAnswer } from '../../useBatchAnswer.js';
import { taskStatus } from '../../taskStatus.js';
import {
  reviewCalls,
  type AllocationTarget as Target,
  type Candidates,
  type PoolExpert as Expert,
} from '../../../../../shared/contracts/review.js';
import { useMessage } from '../../../../feedback/messages.js';

/**
 * Which experts of the dialog can be ticked: none with a conflict, and once as many are ticked as
 * the record still has room for, no further one (the ticked stay untickable).
 */
export function pickable(expertId: number, picked: number[], room: number, conflicted: boolean): boolean {
  if (picked.includes(expertId)) return true;
  return !conflicted && picked.length < room;
}

/** Whether experts can be added to a record: it may enter the batch and still has room. */
export function assignable(t: Target, perTopic: number): boolean {
  return !t.refused && t.assigned.length < perTopic;
}

/** Records automatic allocation fills when none is selected: those that may enter and are still short of reviewers. */
export function unfilled(data: Candidates): number[] {
  return data.targets.filter((t) => assignable(t, data.batch.expertsPerTopic)).map((t) => t.id);
}

function AssignDialog({
  target,
  data,
  label,
  onClose,
  onDone,
}: {
  target: Target;
  data: Candidates;
  label: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { dataProvider } = useRuntime();
  const areas = useDictionary('areacode');
  const [picked, setPicked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const taken = new Set(target.assigned.map((a) => a.expertId));
  const reasons = new Map(target.conflicts.map((c) => [c.expertId, c.reasons]));
  const room = data.batch.expertsPerTopic - target.assigned.length;
  async function ok() {
    setBusy(true);
    setError(null);
    try {
      await dataProvider.moduleCall(reviewCalls.allocate, {
        batchId: data.batch.id,
        mode: 'manual',
        targetIds: [target.id],
        pairs: picked.map((expertId) => ({ targetId: target.id, expertId })),
      });
      onDone();
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  }
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
      <Table<Expert>
        size="small"
        rowKey="id"
        pagination={{ pageSize: 8, hideOnSinglePage: true }}
        dataSource={data.experts.filter((e) => !taken.has(e.id))}
        rowSelection={{
          selectedRowKeys: picked,
          hideSelectAll: true,
          // The limit holds while ticking, not only after 确定 (the server refuses more all the same).
          onChange: (keys) => setPicked(keys.map(Number).slice(0, Math.max(0, room))),
          getCheckboxProps: (e: Expert) => ({
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
            render: (_: unknown, e: Expert) =>
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

export function AllocationPage({ bundle, query }: PageKindProps) {
  const page = bundle.page as AllocationPageDef;
  const { dataProvider } = useRuntime();
  const navigate = useNavigate();
  const message = useMessage();
  const areas = useDictionary('areacode');
  const [selected, setSelected] = useState<number[]>([]);
  const [assigning, setAssigning] = useState<Target | null>(null);
  const [busy, setBusy] = useState(false);
  const batchId = query.id;

  const { data, error, setError, load } = useBatchAnswer(reviewCalls.candidates, batchId);

  const ended = data?.batch.status === '2';
  const autoIds = useMemo(() => (data ? (selected.length ? selected : unfilled(data)) : []), [data, selected]);

  async function auto() {
    if (!data) return;
    setBusy(true);
    setError(null);
    try {
      const r = await dataProvider.moduleCall(reviewCalls.allocate, {
        batchId: data.batch.id,
        mode: 'auto',
        targetIds: autoIds,
      });
      void message.success(`分配成功，共分配${r?.created ?? 0}人次`);
      setSelected([]);
      load();
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  }

  async function unassign(reviewId: number) {
    setError(null);
    try {
      await dataProvider.moduleCall(reviewCalls.unassign, { id: reviewId });
      void message.success('已取消分配');
      load();
    } catch (e) {
      setError(failureText(e));
    }
  }

  const back = <Button onClick={() => (page.back ? navigate(page.back) : navigate(-1))}>返回</Button>;
  if (data === undefined)
    return (
      <Card title={page.title} className="runtime-page">
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      </Card>
    );
  if (!data) {
    return (
      <Card title={page.title} className="runtime-page" extra={back}>
        {error ? <Alert type="warning" showIcon message={error} /> : <Empty description="请从评审列表选择评审批次" />}
      </Card>
    );
  }
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
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={error}
          style={{ marginBottom: 12 }}
          closable
          onClose={() => setError(null)}
        />
      ) : null}
      <Space style={{ marginBottom: 12 }}>
        <Popconfirm
          title={`为${autoIds.length}个${page.targetLabel}自动分配专家？`}
          okText="确定"
          cancelText="取消"
          onConfirm={auto}
          disabled={ended || autoIds.length === 0}
        >
          <Button type="primary" loading={busy} disabled={ended || autoIds.length === 0}>
            自动分配
          </Button>
        </Popconfirm>
        <span style={{ color: '#888' }}>
          {selected.length
            ? `已选${selected.length}个${page.targetLabel}`
            : `未选择时为全部专家不足的${page.targetLabel}分配`}
          {data.others ? `；另有${data.others}份评审的${page.targetLabel}已离开待评审状态` : ''}
        </span>
      </Space>
      <Table<Target>
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
                getCheckboxProps: (t: Target) => ({ disabled: !!t.refused, 'aria-label': t.name ?? String(t.id) }),
              }
        }
        locale={{ emptyText: `暂无待分配的${page.targetLabel}` }}
        columns={[
          { title: `${page.targetLabel}名称`, dataIndex: 'name', ellipsis: true },
          { title: '单位', dataIndex: 'unit', width: 180, ellipsis: true },
          {
            title: '地区',
            dataIndex: 'areaCode',
            width: 100,
            render: (a: string | null) => areaText(a, areas.options ?? []),
          },
          {
            title: '评审专家',
            width: 320,
            render: (_: unknown, t: Target) => (
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
                    color={taskStatus(data.statuses, a.status).color}
                    closable={!ended && a.status === '0'}
                    onClose={(e) => {
                      e.preventDefault();
                      void unassign(a.reviewId);
                    }}
                  >
                    {a.expertName}
                    {a.status !== '0' ? `（${taskStatus(data.statuses, a.status).text}）` : ''}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: '操作',
            width: 110,
            render: (_: unknown, t: Target) => (
              <Button
                size="small"
                disabled={ended || !assignable(t, b.expertsPerTopic)}
                title={t.refused ? `不可分配：${t.refused}` : undefined}
                onClick={() => setAssigning(t)}
              >
                分配专家
              </Button>
            ),
          },
        ]}
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
