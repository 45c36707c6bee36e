import { Button, Input, Modal, Popconfirm } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createConfirmGuard } from '../../../shared/clickGuard.js';
import type { ListRequest, ResourceRecord } from '../../../shared/schema/types.js';
import type { ResolvedAction } from '../model/actions.js';
import { fillPlaceholders } from '../../../shared/schema/placeholders.js';
import { actionIcon } from './icons.js';

export const COMMENT_REQUIRED = '请输入意见';

interface Props {
  action: ResolvedAction;
  /** Rows the action applies to (one for a row action, the selection for a batch). */
  rows: ResourceRecord[];
  run: (action: ResolvedAction, rows: ResourceRecord[], extra?: { comment?: string; request?: ListRequest }) => Promise<boolean>;
  /** Row actions are links in the table; toolbar actions are buttons. */
  variant: 'row' | 'toolbar';
  /** Values a toolbar link's placeholders take (the page query). */
  values?: Record<string, unknown>;
  icon?: string;
  disabled?: boolean;
  request?: ListRequest;
}

/** Asks for the comment of a transition (required or optional, as the workflow says). */
function CommentDialog({ action, open, onClose, onOk }: { action: ResolvedAction; open: boolean; onClose: () => void; onOk: (comment: string) => Promise<void> }) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const guard = useMemo(() => createConfirmGuard(), []);
  return (
    <Modal
      title={action.label} open={open} okText="确定" cancelText="取消" width={600} confirmLoading={busy} destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        if (!guard()) return;
        if (action.comment === 'required' && !comment.trim()) { setError(COMMENT_REQUIRED); return; }
        setBusy(true);
        try { await onOk(comment.trim()); setComment(''); } finally { setBusy(false); }
      }}
    >
      {action.confirm ? <p>{action.confirm}</p> : null}
      <Input.TextArea
        rows={4} maxLength={500} showCount value={comment} placeholder={action.comment === 'required' ? COMMENT_REQUIRED : '意见（选填）'}
        status={error ? 'error' : undefined}
        onChange={(e) => { setComment(e.target.value); setError(null); }}
      />
      {error ? <div className="ant-form-item-explain-error" role="alert">{error}</div> : null}
    </Modal>
  );
}

export function ActionButton({ action, rows, run, variant, values, icon, disabled, request }: Props) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState(false);
  const buttonProps = variant === 'row'
    ? { type: 'link' as const, size: 'small' as const, danger: action.danger }
    : { type: action.primary ? ('primary' as const) : ('default' as const), danger: action.danger, icon: actionIcon(icon) };
  const label = action.label;

  if (action.type === 'link') {
    const target = fillPlaceholders(action.to ?? '', variant === 'row' ? rows[0] : values);
    return <Button {...buttonProps} disabled={disabled} onClick={() => navigate(target)}>{label}</Button>;
  }
  if (action.type === 'export' || action.type === 'download') {
    return <Button {...buttonProps} disabled={disabled} onClick={() => void run(action, rows, { request })}>{label}</Button>;
  }
  if (action.type === 'transition' && action.comment !== 'none') {
    return (
      <>
        <Button {...buttonProps} disabled={disabled} onClick={() => setDialog(true)}>{label}</Button>
        <CommentDialog action={action} open={dialog} onClose={() => setDialog(false)}
          onOk={async (comment) => { if (await run(action, rows, { comment })) setDialog(false); }} />
      </>
    );
  }
  if (action.confirm) {
    return (
      <Popconfirm title={action.confirm} okText="确定" cancelText="取消" disabled={disabled} onConfirm={() => run(action, rows)}>
        <Button {...buttonProps} disabled={disabled}>{label}</Button>
      </Popconfirm>
    );
  }
  return <Button {...buttonProps} disabled={disabled} onClick={() => void run(action, rows)}>{label}</Button>;
}
