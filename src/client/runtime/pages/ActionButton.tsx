import { Button, Popconfirm } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ListRequest, ResourceRecord } from '../../../shared/schema/types.js';
import type { ResolvedAction } from '../model/actions.js';
import { fillPlaceholders } from '../../../shared/schema/placeholders.js';
import { actionIcon } from './icons.js';

// The comment dialog (antd Modal and TextArea) loads on the first press of an action that asks for
// a comment: most lists show such actions, few people press one on every visit.
const CommentDialog = lazy(() => import('./CommentDialog.js').then((m) => ({ default: m.CommentDialog })));
// Likewise the picking dialog of a link whose record is chosen first (申报课题).
const PickDialog = lazy(() => import('./PickDialog.js').then((m) => ({ default: m.PickDialog })));

interface Props {
  action: ResolvedAction;
  /** Rows the action applies to (one for a row action, the selection for a batch). */
  rows: ResourceRecord[];
  run: (
    action: ResolvedAction,
    rows: ResourceRecord[],
    extra?: { comment?: string; request?: ListRequest },
  ) => Promise<boolean>;
  /** Row actions are links in the table; toolbar actions are buttons. */
  variant: 'row' | 'toolbar';
  /** Values a toolbar link's placeholders take (the page query). */
  values?: Record<string, unknown>;
  icon?: string;
  disabled?: boolean;
  request?: ListRequest;
}

export function ActionButton({ action, rows, run, variant, values, icon, disabled, request }: Props) {
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
        };
  const label = action.label;

  if (action.type === 'link' && action.pick) {
    const pick = action.pick;
    return (
      <>
        <Button
          {...buttonProps}
          disabled={disabled}
          onClick={() => {
            setDialog(true);
            setOpened(true);
          }}
        >
          {label}
        </Button>
        {opened ? (
          <Suspense fallback={null}>
            <PickDialog
              pick={pick}
              open={dialog}
              onClose={() => setDialog(false)}
              onPick={(row) => {
                setDialog(false);
                navigate(fillPlaceholders(action.to ?? '', row));
              }}
            />
          </Suspense>
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
  if (action.type === 'transition' && action.comment !== 'none') {
    return (
      <>
        <Button
          {...buttonProps}
          disabled={disabled}
          onClick={() => {
            setDialog(true);
            setOpened(true);
          }}
        >
          {label}
        </Button>
        {opened ? (
          <Suspense fallback={null}>
            <CommentDialog
              action={action}
              open={dialog}
              onClose={() => setDialog(false)}
              onOk={async (comment) => {
                if (await run(action, rows, { comment })) setDialog(false);
              }}
            />
          </Suspense>
        ) : null}
      </>
    );
  }
  if (action.confirm) {
    return (
      <Popconfirm
        title={action.confirm}
        okText="确定"
        cancelText="取消"
        disabled={disabled}
        onConfirm={() => run(action, rows)}
      >
        <Button {...buttonProps} disabled={disabled}>
          {label}
        </Button>
      </Popconfirm>
    );
  }
  return (
    <Button {...buttonProps} disabled={disabled} onClick={() => void run(action, rows)}>
      {label}
    </Button>
  );
}
