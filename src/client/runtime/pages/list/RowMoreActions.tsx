/**
 * 更多 of a list row: the row actions that do not fit the 操作 column, in a popover. An action done
 * by its press (a link, an export or download, an action that asks nothing) closes it, so the menu
 * does not stay open over the rows below once its choice is made; one that asks first (a confirm,
 * a comment or picking dialog) leaves it open, since its question belongs to the pressed button.
 */
import { DownOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useState, type ReactNode } from 'react';
import type { ResolvedAction } from '../../model/actions.js';

/** Whether pressing `action` asks something before it is done (its question is anchored to the button). */
export function asksFirst(action: ResolvedAction): boolean {
  if (action.type === 'link') return Boolean(action.pick);
  if (action.type === 'export' || action.type === 'download') return false;
  if (action.type === 'transition' && action.comment !== 'none') return true;
  return Boolean(action.confirm);
}

export function RowMoreActions({
  actions,
  render,
}: {
  actions: ResolvedAction[];
  render: (action: ResolvedAction) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
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
            <span key={a.key} style={{ display: 'contents' }} onClick={asksFirst(a) ? undefined : () => setOpen(false)}>
              {render(a)}
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
