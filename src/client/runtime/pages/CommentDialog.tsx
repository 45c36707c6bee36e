import { Input, Typography } from 'antd';
import { Dialog } from '../../feedback/Dialog.js';
import { useMemo, useState } from 'react';
import { createConfirmGuard } from '../../../shared/clickGuard.js';
import type { ResolvedAction } from '../model/actions.js';

export const COMMENT_REQUIRED = '请输入意见';

/** Asks for the comment of a transition (required or optional, as the workflow says). */
export function CommentDialog({
  action,
  open,
  onClose,
  onOk,
}: {
  action: ResolvedAction;
  open: boolean;
  onClose: () => void;
  onOk: (comment: string) => Promise<void>;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const guard = useMemo(() => createConfirmGuard(), []);
  return (
    <Dialog
      title={action.label}
      open={open}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        if (!guard()) return;
        if (action.comment === 'required' && !comment.trim()) {
          setError(COMMENT_REQUIRED);
          return;
        }
        setBusy(true);
        try {
          await onOk(comment.trim());
          setComment('');
        } finally {
          setBusy(false);
        }
      }}
    >
      {action.confirm ? <p>{action.confirm}</p> : null}
      <Input.TextArea
        rows={4}
        maxLength={500}
        showCount
        value={comment}
        placeholder={action.comment === 'required' ? COMMENT_REQUIRED : '意见（选填）'}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setComment(e.target.value);
          setError(null);
        }}
      />
      {/* antd colours its explain class only inside a form item: the danger text gives the error colour. */}
      {error ? (
        <Typography.Text type="danger" className="ant-form-item-explain-error" role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </Dialog>
  );
}
