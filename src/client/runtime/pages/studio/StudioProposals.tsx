/**
 * Changes of who may read, write or act, waiting for a super admin: who proposed what, when and
 * why, which access-bearing values change, and the reach per role and account before and after.
 * A super admin other than the proposer approves (published at once) or rejects with a reason;
 * the server decides who may (the buttons are offered to the super admin only).
 */
import { Button, Empty, Input, List, Segmented, Space, Tag, Typography } from 'antd';
import { Confirm } from '../../../feedback/Confirm.js';
import { useCallback, useEffect, useState } from 'react';
import { changeText } from './StudioVersions.js';
import type { Proposal, StudioApi } from './studioApi.js';
import { timeText } from './timeText.js';
import { pageAction } from '../pageAction.js';

const STATUS: Record<Proposal['status'], { label: string; color: string }> = {
  pending: { label: '待审批', color: 'orange' },
  approved: { label: '已批准', color: 'green' },
  rejected: { label: '已驳回', color: 'red' },
};

export function StudioProposals({
  api,
  canDecide,
  refresh,
  onDecided,
  onError,
}: {
  api: StudioApi;
  canDecide: boolean;
  /** Changes when a publish may have made a proposal. */
  refresh: number;
  onDecided: (ok: string) => void;
  onError: (message: string) => void;
}) {
  const [status, setStatus] = useState<Proposal['status']>('pending');
  const [items, setItems] = useState<Proposal[]>([]);
  const [comments, setComments] = useState<Record<number, string>>({});
  const load = useCallback(
    () =>
      api.proposals(status).then(
        (r) => setItems(r?.items ?? []),
        (e: unknown) => onError((e as Error)?.message || '加载失败'),
      ),
    [api, status, onError],
  );
  useEffect(() => {
    void load();
  }, [load, refresh]);

  const act = async (call: () => Promise<unknown>, ok: string) => {
    try {
      await call();
      onDecided(ok);
      await load();
    } catch (e) {
      onError((e as Error)?.message || '操作失败');
    }
  };

  return (
    <div className="studio-proposals">
      <Segmented
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(v) => setStatus(v as Proposal['status'])}
        options={(Object.keys(STATUS) as Proposal['status'][]).map((k) => ({ value: k, label: STATUS[k].label }))}
      />
      {items.length === 0 ? (
        <Empty description="没有权限修改提案" />
      ) : (
        <List
          bordered
          dataSource={items}
          renderItem={(p) => (
            <List.Item aria-label={`提案 ${p.id}`}>
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <Tag color={STATUS[p.status].color}>{STATUS[p.status].label}</Tag>
                  <Typography.Text strong>{p.key}</Typography.Text>
                  <span>
                    {p.proposedByName ?? '—'} 于 {timeText(p.proposedAt)} 提出：{p.reason}
                  </span>
                </Space>
                {p.accessDiff?.lines.length ? (
                  <div className="studio-access-diff" aria-label="权限影响">
                    {p.accessDiff.lines.map((l) => (
                      <div key={l} style={{ whiteSpace: 'pre-wrap' }}>
                        {l}
                      </div>
                    ))}
                  </div>
                ) : null}
                <Typography.Paragraph ellipsis={{ rows: 3, expandable: true, symbol: '展开' }} style={{ margin: 0 }}>
                  {p.accessChanges.map(changeText).join('；')}
                </Typography.Paragraph>
                {p.status !== 'pending' && (
                  <Typography.Text type="secondary">
                    {p.decidedByName} 于 {p.decidedAt ? timeText(p.decidedAt) : ''} {STATUS[p.status].label}
                    {p.decisionComment ? `：${p.decisionComment}` : ''}
                  </Typography.Text>
                )}
                {p.status === 'pending' && canDecide && (
                  <Space.Compact style={{ width: '100%' }}>
                    <Input
                      aria-label="审批意见"
                      placeholder="审批意见（驳回时必填）"
                      maxLength={500}
                      value={comments[p.id] ?? ''}
                      onChange={(e) => setComments((c) => ({ ...c, [p.id]: e.target.value }))}
                    />
                    <Confirm
                      title="批准后立即发布，确定吗？"
                      okText="批准"
                      cancelText="取消"
                      onConfirm={() =>
                        act(() => api.approve(p.id, comments[p.id]?.trim() || undefined), '已批准并发布')
                      }
                    >
                      <Button type="primary" {...pageAction('studio')}>
                        批准
                      </Button>
                    </Confirm>
                    <Button
                      danger
                      {...pageAction('studio')}
                      onClick={() => {
                        const c = comments[p.id]?.trim();
                        if (!c) onError('请填写驳回理由');
                        else void act(() => api.reject(p.id, c), '已驳回');
                      }}
                    >
                      驳回
                    </Button>
                  </Space.Compact>
                )}
              </Space>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
