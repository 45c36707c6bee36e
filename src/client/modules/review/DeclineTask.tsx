/**
 * 申报回避 / 谢绝评审 on a review task: the expert names the kind of conflict (dictionary hblx) or
 * a reason to decline; the task leaves their list and waits for the chair to confirm a replacement
 * (review/decline decides and checks everything again).
 */
import { Alert, Button, Radio, Space } from 'antd';
import { ReasonInput } from './ReasonInput.js';
import { useState } from 'react';
import { Dialog } from '../../feedback/Dialog.js';
import { useDictionary } from '../../runtime/dictionaries/useDictionary.js';
import { useRuntime } from '../../runtime/RuntimeContext.js';
import { useAction } from './useAction.js';
import { useMessage } from '../../feedback/messages.js';
import { reviewCalls } from '../../../shared/contracts/review.js';
import { pageAction } from '../../runtime/pages/pageAction.js';

export type Kind = 'conflict' | 'decline';

export function DeclineTask({ reviewId, onDone }: { reviewId: number | string; onDone: (kind: Kind) => void }) {
  const { dataProvider } = useRuntime();
  const message = useMessage();
  const types = useDictionary('hblx');
  const [kind, setKind] = useState<Kind | null>(null);
  const [conflictType, setConflictType] = useState<string | undefined>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useAction(setError);
  const open = (k: Kind) => {
    setKind(k);
    setError(null);
    setReason('');
    setConflictType(undefined);
  };
  const ready = reason.trim() !== '' && (kind === 'decline' || !!conflictType);

  const send = () => {
    if (!kind) return;
    return run(async () => {
      await dataProvider.moduleCall(reviewCalls.decline, {
        id: reviewId,
        kind,
        conflictType: kind === 'conflict' ? conflictType : null,
        reason: reason.trim(),
      });
      void message.success(kind === 'conflict' ? '已申报回避，等待确认' : '已谢绝评审，等待确认');
      setKind(null);
      onDone(kind);
    });
  };

  return (
    <>
      <Space className="rt-decline-task">
        <Button onClick={() => open('conflict')} {...pageAction('ScoreSheet')}>
          申报回避
        </Button>
        <Button onClick={() => open('decline')} {...pageAction('ScoreSheet')}>
          谢绝评审
        </Button>
      </Space>
      <Dialog
        open={kind !== null}
        title={kind === 'conflict' ? '申报回避' : '谢绝评审'}
        okText="提交"
        cancelText="取消"
        className="rt-decline-dialog"
        onCancel={() => setKind(null)}
        onOk={() => void send()}
        okButtonProps={{ disabled: !ready, loading: busy }}
      >
        <p>
          {kind === 'conflict'
            ? '与该课题存在利益关系时请申报回避；申报的回避关系将被记录，今后不再分配同类课题。'
            : '无法评审该课题时请说明原因。'}
          提交后该任务将移出您的评审列表，由评审组织者确认替换专家。
        </p>
        {kind === 'conflict' ? (
          <div style={{ marginBottom: 12 }}>
            <div style={{ marginBottom: 4 }}>回避类型</div>
            <Radio.Group
              aria-label="回避类型"
              value={conflictType}
              onChange={(e) => setConflictType(e.target.value as string)}
              options={types.options.map((o) => ({ label: o.text, value: o.value }))}
            />
          </div>
        ) : null}
        <div style={{ marginBottom: 4 }}>{kind === 'conflict' ? '回避说明' : '谢绝原因'}</div>
        <ReasonInput label={kind === 'conflict' ? '回避说明' : '谢绝原因'} value={reason} onChange={setReason} />
        {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginTop: 12 }} /> : null}
      </Dialog>
    </>
  );
}
