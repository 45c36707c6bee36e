/**
 * The buttons above a list: its toolbar actions (links filled from the page query, export of the
 * current filters, import from a file) and its batch actions, each enabled for the selected rows
 * its rule allows.
 */
import { Button, Space } from 'antd';
import { lazy, Suspense } from 'react';
import type {
  ActionDef,
  ListPageDef,
  ListRequest,
  ResourceRecord,
  WorkflowDef,
} from '../../../../shared/schema/types.js';
import { resolveAction, rowsAllowing, type ResolvedAction } from '../../model/actions.js';
import type { RuleInputs } from '../../model/ruleContext.js';
import { ActionButton } from '../ActionButton.js';
import type { RunAction } from '../useActionRunner.js';

// Few lists import rows from a file: the upload, report table and dialog load with those that do.
const ImportAction = lazy(() => import('./ImportAction.js').then((m) => ({ default: m.ImportAction })));

export function ListToolbar({
  page,
  entity,
  workflow,
  toolbar,
  batchDefs,
  selected,
  ruleInputs,
  values,
  request,
  run,
  reload,
}: {
  page: ListPageDef;
  entity: string;
  workflow: WorkflowDef | null | undefined;
  /** The toolbar actions this user is offered. */
  toolbar: ResolvedAction[];
  /** The batch actions this user is offered. */
  batchDefs: ActionDef[];
  selected: ResourceRecord[];
  ruleInputs: RuleInputs;
  /** What a toolbar link's placeholders are filled from. */
  values: Record<string, unknown>;
  request: ListRequest;
  run: RunAction;
  reload: () => void;
}) {
  if (!toolbar.length && !batchDefs.length) return null;
  return (
    <Space wrap style={{ marginBottom: 12 }} className="runtime-toolbar">
      {toolbar.map((a) =>
        a.type === 'import' ? (
          <Suspense key={a.key} fallback={<Button disabled>{a.label}</Button>}>
            <ImportAction entity={entity} pageId={page.id} label={a.label} onDone={reload} />
          </Suspense>
        ) : (
          <ActionButton
            key={a.key}
            action={a}
            rows={[]}
            run={run}
            variant="toolbar"
            values={values}
            icon={a.icon}
            request={request}
          />
        ),
      )}
      {batchDefs.map((def, i) => {
        const a = resolveAction(def, workflow, i);
        const rows = rowsAllowing(def, selected, ruleInputs);
        return (
          <ActionButton
            key={`batch:${a.key}`}
            action={a}
            rows={rows}
            run={run}
            variant="toolbar"
            disabled={!rows.length}
            request={request}
          />
        );
      })}
    </Space>
  );
}
