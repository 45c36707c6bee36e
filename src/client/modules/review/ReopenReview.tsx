/**
 * 退回修改: the batch's chair sends a submitted review back to its expert with a reason; the
 * expert is told in the app (review/reopen checks the chair and requires the reason).
 */
import { Alert, Button } from 'antd';
import { ReasonInput } from './ReasonInput.js';
import { useState } from 'react';
import { Dialog } from '../../feedback/Dialog.js';
import { useMessage } from '../../feedback/messages.js';
import { useRuntime } from '../../runtime/RuntimeContext.js';
import { useAction } from './useAction.js';
import { reviewCalls } from '../../../shared/contracts/review.js';
import { pageAction } from '../../runtime/pages/pageAction.js';

export function ReopenReview({ reviewId, onDone }: { reviewId: number | string; onDone: () => void }) {
  const { dataProvider } = useRuntime();
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useAction(setError);
  const send = () =>
    run(async () => {
      await dataProvider.moduleCall(reviewCalls.reopen, { id: reviewId, comment: reason.trim() });
      void message.success('已退回专家修改');
      setOpen(false);
      onDone();
    });
  return (
    <>
      <Button
        className="rt-reopen"
        {...pageAction('ScoreSheet')}
        style={{ marginTop: 16 }}
        onClick={() => {
          setOpen(true);
          setReason('');
          setError(null);
        }}
      >
        退回修改
      </Button>
      <Dialog
        open={open}
        title="退回修改"
        okText="退回"
        cancelText="取消"
        className="rt-reopen-dialog"
        onCancel={() => setOpen(false)}
        onOk={() => void send()}
        okButtonProps={{ disabled: !reason.trim(), loading: busy }}
      >
        <p>退回后专家可修改评分并重新提交，专家将收到站内通知。</p>
        <ReasonInput
          label="退回原因"
          maxLength={2000}
          placeholder="请填写退回原因"
          value={reason}
          onChange={setReason}
        />
        {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginTop: 12 }} /> : null}
      </Dialog>
    </>
  );
}
