/**
 * The 操作 column of a list: each row's actions, worked out once per answer, as buttons while they
 * fit the column and the rest in 更多. The dialogs they open belong to the list (openDialog), not
 * to the button, which may sit in the 更多 popover that closes as the dialog opens.
 */
import { Space } from 'antd';
import { useMemo } from 'react';
import type { ActionDef, ListResult, ResourceRecord, WorkflowDef } from '../../../../shared/schema/types.js';
import { rowActionOrder, visibleActions, type ResolvedAction } from '../../model/actions.js';
import { inlineActionCount } from '../../model/tableWidth.js';
import { ActionButton } from '../ActionButton.js';
import type { OpenDialog } from '../ActionDialog.js';
import type { RuleInputs } from '../../model/ruleContext.js';
import type { RunAction } from '../useActionRunner.js';
import { RowMoreActions } from './RowMoreActions.js';

/**
 * Each row's actions in their order, worked out once per answer, not on every render of the table
 * (their rules read the row, the user and the time of the answer).
 */
export function useRowActions(
  defs: ActionDef[],
  result: ListResult,
  ctx: Pick<RuleInputs, 'user' | 'query'> & { workflow: WorkflowDef | null | undefined; now: () => number },
): Map<ResourceRecord, ResolvedAction[]> {
  const { workflow, user, query, now } = ctx;
  return useMemo(() => {
    const at = now();
    return new Map(
      result.list.map((row) => [
        row,
        rowActionOrder(visibleActions(defs, workflow, { user, query, now: at, record: row, form: row })),
      ]),
    );
  }, [result, defs, workflow, user, query, now]);
}

export function RowActions({
  actions,
  row,
  width,
  run,
  openDialog,
}: {
  actions: ResolvedAction[];
  row: ResourceRecord;
  /** The 操作 column's width: what fits it shows as buttons, the rest goes into 更多. */
  width: number;
  run: RunAction;
  openDialog: OpenDialog;
}) {
  // Never onto a second line.
  const shown = actions.slice(
    0,
    inlineActionCount(
      actions.map((a) => a.label),
      width,
    ),
  );
  const more = actions.slice(shown.length);
  const button = (a: ResolvedAction, answered?: () => void) => (
    <ActionButton
      key={a.key}
      action={a}
      rows={[row]}
      run={run}
      variant="row"
      openDialog={openDialog}
      onAnswered={answered}
    />
  );
  return (
    <Space size={0} className="runtime-row-actions" style={{ whiteSpace: 'nowrap' }}>
      {shown.map((a) => button(a))}
      {more.length ? <RowMoreActions actions={more} render={button} /> : null}
    </Space>
  );
}
