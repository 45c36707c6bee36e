/**
 * The submit button of a guided form: pressed while items are missing it fires nothing and says
 * why (`onBlocked`); otherwise it asks the transition's confirm, then submits.
 */
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';

export interface GuidedSubmitProps {
  label: string;
  confirm?: string;
  saving: boolean;
  /** True when something still blocks the submit (it is then told, not sent). */
  blocks: () => boolean;
  onSubmit: () => Promise<void> | void;
}

export function GuidedSubmit({ label, confirm, saving, blocks, onSubmit }: GuidedSubmitProps) {
  const [confirming, setConfirming] = useState(false);
  const press = () => {
    if (blocks()) return;
    if (confirm) setConfirming(true);
    else void onSubmit();
  };
  const button = (
    <Button type="primary" loading={saving} onClick={press}>
      {label}
    </Button>
  );
  if (!confirm) return button;
  return (
    <Popconfirm
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
    </Popconfirm>
  );
}
