/**
 * 更多 of a list row: the row actions that do not fit the 操作 column, in a popover. Choosing one
 * closes it, so the menu does not stay open over the rows below, nor beside a dialog the choice
 * opens (a comment or picking dialog stands alone, over the page); only a popconfirm, whose question
 * is drawn at the pressed button, keeps the menu open under it until it is answered: a row the
 * action leaves in the list would otherwise keep its menu open over the rows below.
 */
import { DownOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useState, type ReactNode } from 'react';
import type { ResolvedAction } from '../../model/actions.js';
import { asksInDialog } from '../ActionDialog.js';

/** Whether pressing `action` asks its question at the button itself (a popconfirm), which needs the menu open. */
export function asksAtButton(action: ResolvedAction): boolean {
  if (action.type === 'link' || action.type === 'export' || action.type === 'download') return false;
  // A transition that takes a comment asks in a dialog (its confirm is written there), which the
  // list owns: the menu closes and the dialog stays.
  if (asksInDialog(action)) return false;
  return Boolean(action.confirm);
}

export function RowMoreActions({
  actions,
  render,
}: {
  actions: ResolvedAction[];
  /** `answered` is for a button asking at itself: called once its question is answered. */
  render: (action: ResolvedAction, answered: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      arrow={false}
      open={open}
      onOpenChange={setOpen}
      content={
        <div
          className="runtime-more-actions"
          style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}
        >
          {actions.map((a) => (
            // `display: contents`: the button stays the column's item; the wrapper only hears its press.
            <span key={a.key} style={{ display: 'contents' }} onClick={asksAtButton(a) ? undefined : close}>
              {render(a, close)}
            </span>
          ))}
        </div>
      }
    >
      <Button type="link" size="small" className="runtime-more-button">
        更多
        <DownOutlined aria-hidden />
      </Button>
    </Popover>
  );
}
