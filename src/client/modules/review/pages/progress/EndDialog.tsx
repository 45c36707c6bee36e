import { ReasonInput } from '../../ReasonInput.js';
import { useState } from 'react';
import { Dialog } from '../../../../feedback/Dialog.js';

/** 强制结束评审: ending a review while tasks are open asks why (the reason is recorded with the end). */
export function EndDialog({
  left,
  open,
  busy,
  onCancel,
  onOk,
}: {
  /** Tasks not submitted yet. */
  left: number;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onOk: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open={open}
      title="强制结束评审"
      okText="结束评审"
      cancelText="取消"
      onCancel={onCancel}
      okButtonProps={{ disabled: !reason.trim(), loading: busy, danger: true }}
      onOk={() => onOk(reason.trim())}
      className="rt-end-dialog"
    >
      <p>还有{left}份评审未提交。强制结束后，未提交的评分不计入总评。</p>
      <ReasonInput label="强制结束原因" placeholder="请填写强制结束的原因" value={reason} onChange={setReason} />
    </Dialog>
  );
}
