/**
 * The dialog an action asks in before it runs: a transition's comment, or the record a link picks
 * first. A list owns one for all its rows (useActionDialog), above the 更多 popover of a row, so
 * the popover closing does not take the dialog with it; a lone button (a toolbar, a detail page)
 * owns its own.
 */
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ResourceRecord } from '../../../shared/schema/types.js';
import { fillPlaceholders } from '../../../shared/schema/placeholders.js';
import type { ResolvedAction } from '../model/actions.js';
import type { RunAction } from './useActionRunner.js';

// The comment dialog (antd Modal and TextArea) loads on the first press of an action that asks for
// a comment: most lists show such actions, few people press one on every visit.
const CommentDialog = lazy(() => import('./CommentDialog.js').then((m) => ({ default: m.CommentDialog })));
// Likewise the picking dialog of a link whose record is chosen first (申报课题).
const PickDialog = lazy(() => import('./PickDialog.js').then((m) => ({ default: m.PickDialog })));

/** Whether pressing `action` opens a dialog first (a comment to write, a record to pick). */
export function asksInDialog(action: ResolvedAction): boolean {
  return (action.type === 'link' && !!action.pick) || (action.type === 'transition' && action.comment !== 'none');
}

/** Opens the dialog of `action` for `rows`. */
export type OpenDialog = (action: ResolvedAction, rows: ResourceRecord[]) => void;

interface Asked {
  action: ResolvedAction;
  rows: ResourceRecord[];
  /** Each opening a new dialog: a comment written for one row is not offered to the next. */
  key: number;
}

/** The dialog of one action for its rows; it runs the action (or follows the link) once answered. */
export function ActionDialog({
  asked,
  open,
  run,
  onClose,
}: {
  asked: Omit<Asked, 'key'>;
  open: boolean;
  run: RunAction;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const { action, rows } = asked;
  return (
    <Suspense fallback={null}>
      {action.type === 'link' && action.pick ? (
        <PickDialog
          pick={action.pick}
          open={open}
          onClose={onClose}
          onPick={(row) => {
            onClose();
            navigate(fillPlaceholders(action.to ?? '', row));
          }}
        />
      ) : (
        <CommentDialog
          action={action}
          open={open}
          onClose={onClose}
          onOk={async (comment) => {
            if (await run(action, rows, { comment })) onClose();
          }}
        />
      )}
    </Suspense>
  );
}

/**
 * One dialog for the actions of many buttons (a list's rows): `openDialog` opens it for an action
 * and its rows, `dialog` is where it is drawn. Mounted from the first opening on, so it keeps its
 * closing animation.
 */
export function useActionDialog(run: RunAction): { openDialog: OpenDialog; dialog: ReactNode } {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [open, setOpen] = useState(false);
  const openDialog = useCallback<OpenDialog>((action, rows) => {
    setAsked((a) => ({ action, rows, key: (a?.key ?? 0) + 1 }));
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const dialog = asked ? <ActionDialog key={asked.key} asked={asked} open={open} run={run} onClose={close} /> : null;
  return { openDialog, dialog };
}
