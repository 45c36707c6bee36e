/**
 * A list table's columns: those the model planned, fitted to the width the table has beside a
 * fixed 操作 column, sorted as the list is, and that 操作 column; on a phone the key column with
 * the rest in a row that opens.
 */
import type { TableProps } from 'antd';
import type { TableRef } from 'antd/es/table/index.js';
import type { RefObject } from 'react';
import type { ActionDef, ListPageDef, ResourceRecord } from '../../../../shared/schema/types.js';
import { useElementWidth } from '../../../hooks/useElementWidth.js';
import { useNarrowScreen } from '../../../hooks/useNarrowScreen.js';
import { resolveAction, type ResolvedAction } from '../../model/actions.js';
import { planColumns } from '../../model/columns.js';
import type { ListState } from '../../model/listQuery.js';
import { actionsWidth, fitColumns, tableSizing, type TableSizing } from '../../model/tableWidth.js';
import type { OpenDialog } from '../ActionDialog.js';
import { renderCell } from '../cells.js';
import { narrowTable } from '../narrowTable.js';
import type { PageKindProps } from '../types.js';
import type { RunAction } from '../useActionRunner.js';
import { RowActions } from './RowActions.js';

export function useListColumns({
  page,
  bundle,
  rowDefs,
  rowActions,
  selectable,
  sort,
  tableRef,
  run,
  openDialog,
}: {
  page: ListPageDef;
  bundle: PageKindProps['bundle'];
  rowDefs: ActionDef[];
  rowActions: Map<ResourceRecord, ResolvedAction[]>;
  selectable: boolean;
  sort: ListState['sort'];
  tableRef: RefObject<TableRef>;
  run: RunAction;
  openDialog: OpenDialog;
}) {
  const { entity, workflow } = bundle;
  const actionLabels = rowDefs.map((def, i) => resolveAction(def, workflow, i).label);
  const actionsColumnWidth = actionsWidth(actionLabels);
  const narrow = useNarrowScreen();
  // Beside a fixed 操作 column the columns are fitted to the width the table has (nothing runs under it).
  const boxWidth = useElementWidth(() => tableRef.current?.nativeElement);
  const plans = fitColumns(planColumns(page.columns, entity, workflow), rowDefs.length && !narrow ? boxWidth : 0, {
    actionsWidth: actionsColumnWidth,
    selectable,
    workflow,
  });

  const sizing = tableSizing(plans, {
    actionsWidth: actionsColumnWidth,
    selectable,
    fixedColumn: rowDefs.length > 0,
  });
  const columns: NonNullable<TableProps<ResourceRecord>['columns']> = plans.map((plan) => ({
    key: plan.key,
    dataIndex: plan.field,
    title: plan.title,
    width: plan.width,
    ellipsis: plan.ellipsis,
    sorter: plan.sortable,
    sortOrder: sort?.field === plan.field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (value: unknown, row: ResourceRecord) => renderCell(plan, value, row, workflow),
  }));
  if (rowDefs.length) {
    columns.push({
      key: '_actions',
      title: '操作',
      fixed: 'right',
      ...(sizing.tableLayout ? { width: actionsColumnWidth } : {}),
      render: (_: unknown, row: ResourceRecord) => (
        <RowActions
          actions={rowActions.get(row) ?? []}
          row={row}
          width={actionsColumnWidth}
          run={run}
          openDialog={openDialog}
        />
      ),
    });
  }

  // A phone: the key column, the rest in a row that opens, and nothing wider than the card.
  const shown = narrowTable(columns, narrow, { skip: 0 });
  const wide: Partial<TableSizing> = narrow ? {} : sizing;
  return { plans, shown, wide };
}
