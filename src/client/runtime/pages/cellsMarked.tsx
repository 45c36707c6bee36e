/**
 * The cells that draw more than text (cells.tsx): dictionary values as coloured tags, a record's
 * status, and the copy action. A chunk of their own, loaded with a list whose columns show them
 * (prepareCells): the visitor's home lists titles, dates and attachments, and does without them.
 */
import { Tag } from 'antd';
import type { WorkflowDef } from '../../../shared/schema/types.js';
import { CopyButton } from '../widgets/CopyButton.js';
import { StatusTag } from '../widgets/StatusTag/StatusTag.js';

export function DictTags({ found }: { found: { value: string; text: string; color?: string }[] }) {
  return (
    <>
      {found.map((o) => (
        <Tag key={o.value} color={o.color}>
          {o.text}
        </Tag>
      ))}
    </>
  );
}

export function StatusCell({ value, workflow }: { value: unknown; workflow: WorkflowDef | null }) {
  return <StatusTag value={value} workflow={workflow} />;
}

export function CopyCell({ text, label }: { text: string; label: string }) {
  return <CopyButton text={text} label={label} />;
}
