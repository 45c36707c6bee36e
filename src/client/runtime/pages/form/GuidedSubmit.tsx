/**
 * The submit button of a form with a check before it (a guided form's missing items, every form's
 * field validation): pressed while the check fails it fires nothing and the fields or the message
 * say why; otherwise it asks the transition's confirm, then submits. The question comes after the
 * check, so 确定 is never asked of a form that cannot be sent.
 */
import { Button } from 'antd';
import { Confirm } from '../../../feedback/Confirm.js';
import { useState } from 'react';

export interface GuidedSubmitProps {
  label: string;
  confirm?: string;
  saving: boolean;
  /** True when something still blocks the submit (it is then told, not sent). */
  blocks: () => boolean | Promise<boolean>;
  onSubmit: () => Promise<void> | void;
}

export function GuidedSubmit({ label, confirm, saving, blocks, onSubmit }: GuidedSubmitProps) {
  const [confirming, setConfirming] = useState(false);
  const press = async () => {
    if (await blocks()) return;
    if (confirm) setConfirming(true);
    else void onSubmit();
  };
  const button = (
    <Button type="primary" loading={saving} onClick={() => void press()}>
      {label}
    </Button>
  );
  if (!confirm) return button;
  return (
    <Confirm
      title={confirm}
      okText="确定"
      cancelText="取消"
      open={confirming}
      onOpenChange={(open) => {
        if (!open) setConfirming(false);
      }}
      onCancel={() => setConfirming(false)}
      onConfirm={() => {
        setConfirming(false);
        return onSubmit();
      }}
    >
      {button}
    </Confirm>
  );
}
