import { Alert, Radio, Space } from 'antd';
import { useState } from 'react';
import type { RankingPageDef } from '../../../../../shared/schema/types.js';
import { Dialog } from '../../../../feedback/Dialog.js';
import { failureText } from '../../../../feedback/failureText.js';
import { useDictionary } from '../../../../runtime/dictionaries/useDictionary.js';
import { ReasonInput } from '../../ReasonInput.js';

/**
 * A row's decision: a choice (the row's own, or the schema's dictionary) and an optional note.
 * Closes when onOk resolves; a refusal stays in the dialog, said above the choice it refused.
 */
export function DecideDialog({
  def,
  title,
  allowed,
  onCancel,
  onOk,
}: {
  def: NonNullable<RankingPageDef['decide']>;
  title: string;
  /** The row's own choices (decide.optionsKey): only what the endpoint will carry out, worded for the row. */
  allowed?: Array<{ value: string; label: string }>;
  onCancel: () => void;
  onOk: (decision: string, note: string) => Promise<void>;
}) {
  const { options } = useDictionary(def.dict);
  const [decision, setDecision] = useState<string | undefined>();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // A refusal is said in the dialog, beside the choice it refused, not in a toast behind it.
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <Dialog
      open
      title={`${def.label}：${title}`}
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      okButtonProps={{ disabled: !decision, loading: busy }}
      onOk={() => {
        setBusy(true);
        setRefused(null);
        void onOk(decision!, note.trim())
          .catch((e: unknown) => setRefused(failureText(e)))
          .finally(() => setBusy(false));
      }}
      className="rt-decide-dialog"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {refused ? <Alert type="error" showIcon message={refused} role="alert" /> : null}
        <Radio.Group
          aria-label={def.label}
          value={decision}
          onChange={(e) => setDecision(e.target.value as string)}
          options={
            allowed
              ? allowed.map((o) => ({ value: o.value, label: o.label }))
              : (options ?? []).map((o) => ({ value: String(o.value), label: o.text }))
          }
        />
        <ReasonInput
          label={def.noteLabel ?? '说明'}
          placeholder={`${def.noteLabel ?? '说明'}（选填）`}
          value={note}
          onChange={setNote}
        />
      </Space>
    </Dialog>
  );
}
