import { Button } from 'antd';
import { Confirm } from '../../feedback/Confirm.js';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ListRequest, ResourceRecord } from '../../../shared/schema/types.js';
import type { ResolvedAction } from '../model/actions.js';
import { fillPlaceholders } from '../../../shared/schema/placeholders.js';
import { actionIcon } from './icons.js';
import { ActionDialog, asksInDialog, type OpenDialog } from './ActionDialog.js';
import type { RunAction } from './useActionRunner.js';
import { pageAction } from './pageAction.js';

interface Props {
  action: ResolvedAction;
  /** Rows the action applies to (one for a row action, the selection for a batch). */
  rows: ResourceRecord[];
  run: RunAction;
  /** Row actions are links in the table; toolbar actions are buttons. */
  variant: 'row' | 'toolbar';
  /** Values a toolbar link's placeholders take (the page query). */
  values?: Record<string, unknown>;
  icon?: string;
  disabled?: boolean;
  request?: ListRequest;
  /**
   * Where the action's dialog (comment, pick) opens when something above the button owns it (a
   * list, for its rows: the button may sit in a 更多 popover that closes). Without it the button
   * draws its own.
   */
  openDialog?: OpenDialog;
  /** Called once the button's confirmation bubble closes, answered (the 更多 holding it closes then). */
  onAnswered?: () => void;
  /** Marks the button as changing data on a page of its own (pageAction): the page's id. */
  mark?: string;
}

export function ActionButton({
  action,
  rows,
  run,
  variant,
  values,
  icon,
  disabled,
  request,
  openDialog,
  onAnswered,
  mark,
}: Props) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState(false);
  // Mounted from the first press on, so the dialog keeps its state and its closing animation.
  const [opened, setOpened] = useState(false);
  const buttonProps =
    variant === 'row'
      ? { type: 'link' as const, size: 'small' as const, danger: action.danger }
      : {
          type: action.primary ? ('primary' as const) : ('default' as const),
          danger: action.danger,
          icon: actionIcon(icon),
          ...(mark ? pageAction(mark) : {}),
        };
  const label = action.label;

  if (asksInDialog(action)) {
    return (
      <>
        <Button
          {...buttonProps}
          disabled={disabled}
          onClick={() => {
            if (openDialog) return openDialog(action, rows);
            setDialog(true);
            setOpened(true);
          }}
        >
          {label}
        </Button>
        {opened && !openDialog ? (
          <ActionDialog asked={{ action, rows }} open={dialog} run={run} onClose={() => setDialog(false)} />
        ) : null}
      </>
    );
  }
  if (action.type === 'link') {
    // A row's or a record's (detail page) action fills its link from that record; a list's
    // toolbar from the page query.
    const target = fillPlaceholders(action.to ?? '', variant === 'row' ? rows[0] : (values ?? rows[0]));
    return (
      <Button {...buttonProps} disabled={disabled} onClick={() => navigate(target)}>
        {label}
      </Button>
    );
  }
  if (action.type === 'export' || action.type === 'download') {
    return (
      <Button {...buttonProps} disabled={disabled} onClick={() => void run(action, rows, { request })}>
        {label}
      </Button>
    );
  }
  if (action.confirm) {
    return (
      <Confirm
        title={action.confirm}
        okText="确定"
        cancelText="取消"
        disabled={disabled}
        onConfirm={() => run(action, rows)}
        onOpenChange={(open) => {
          if (!open) onAnswered?.();
        }}
      >
        <Button {...buttonProps} disabled={disabled}>
          {label}
        </Button>
      </Confirm>
    );
  }
  return (
    <Button {...buttonProps} disabled={disabled} onClick={() => void run(action, rows)}>
      {label}
    </Button>
  );
}
