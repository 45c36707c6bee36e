/**
 * The list page kind: a filter bar (Formily, the same widgets as forms), an antd Table whose columns
 * the model planned, 10 rows a page with 共N条记录, size changer and quick jumper, toolbar / row /
 * batch actions shown by rule and row permission, export of the current filters. Public lists
 * (source "public") read the anonymous endpoints and offer no actions. Its parts: the state and
 * answer (useListState), the filters (ListFilters), the toolbar (ListToolbar), the columns and the
 * 操作 column (useListColumns, RowActions), the pager and selection (listTableParts).
 */
import { Table } from 'antd';
import type { TableRef } from 'antd/es/table/index.js';
import { useContext, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { Link, useHref, useLocation } from 'react-router-dom';
import type { ActionDef, ResourceRecord } from '../../../../shared/schema/types.js';
import { DrawnAtOnce, useFirstPaintDone } from '../../../hooks/useFirstPaintDone.js';
import { batchActionOffered, visibleActions } from '../../model/actions.js';
import { totalText } from '../../model/listQuery.js';
import { useRuntime } from '../../RuntimeContext.js';
import { useActionDialog } from '../ActionDialog.js';
import type { PageKindProps } from '../types.js';
import { useActionRunner } from '../useActionRunner.js';
import { ListFilters } from './ListFilters.js';

// Preparing a list loads its filter form with the list's own code (ListKind.tsx prepareList).
export { prepareFilters } from './ListFilters.js';
import { ListFrame } from './ListFrame.js';
import { listPagination, onTableChange, rowSelection } from './listTableParts.js';
import { ListToolbar } from './ListToolbar.js';
import { useRowActions } from './RowActions.js';
import { useKeyboardScroll } from './useKeyboardScroll.js';
import { useListColumns } from './useListColumns.js';
import { useListState } from './useListState.js';
import './listPage.css';

/** The rows of a table mounting (see tableMounted): one array, so the first render is not redone for a new one. */
const NO_ROWS: ResourceRecord[] = [];
/** A list without row actions (a public one): one array, so each row's actions are worked out once. */
const NO_ACTIONS: ActionDef[] = [];

export function ListPage(props: PageKindProps) {
  const { bundle, query, embedded, fixed } = props;
  const { entity, workflow } = bundle;
  const { user, now } = useRuntime();
  const { page, isPublic, initial, state, dispatch, request, result, loading, selected, setSelected, reload } =
    useListState(props);
  // antd's Table measures the scrollbar once as it mounts (rc-table's getTargetScrollBarSize): it
  // adds a style sheet, reads a size and removes the sheet, which forces styles and layout of the
  // whole table, and again after it. Mounted empty, it measures an empty table; the rows follow in
  // the same frame (a layout effect's update renders before the browser paints).
  // Drawn by the server in one go (DrawnAtOnce), the rows are in the first and only drawing.
  const [tableMounted, setTableMounted] = useState(useContext(DrawnAtOnce));
  useLayoutEffect(() => setTableMounted(true), []);

  // The address of this list (under the base path): the pager's links lead to its pages.
  const here = useHref(useLocation().pathname);

  const run = useActionRunner(bundle, reload);
  // One comment or picking dialog for every row, owned here: a row's 更多 closes as it opens one.
  const { openDialog, dialog } = useActionDialog(run);
  const ruleInputs = { user, query, now: now() };

  const toolbar = isPublic ? [] : visibleActions(page.toolbar, workflow, ruleInputs);
  const batchDefs = isPublic
    ? []
    : (page.batchActions ?? []).filter((def) => batchActionOffered(def, workflow, ruleInputs));
  const rowDefs = isPublic ? NO_ACTIONS : (page.rowActions ?? NO_ACTIONS);
  const rowActions = useRowActions(rowDefs, result, { workflow, user, query, now });

  const tableRef = useRef<TableRef>(null);
  const { plans, shown, wide } = useListColumns({
    page,
    bundle,
    rowDefs,
    rowActions,
    selectable: batchDefs.length > 0,
    sort: state.sort,
    tableRef,
    run,
    openDialog,
  });
  const paginated = page.pagination !== false;
  // The rows and page numbers first; the page-size select and the jump box (antd Select and Input)
  // a frame later.
  const pagerControls = useFirstPaintDone();
  useKeyboardScroll(() => tableRef.current?.nativeElement, page.title, result.list);
  const table = (
    <Table<ResourceRecord>
      ref={tableRef}
      rowKey="id"
      size="middle"
      loading={loading}
      columns={shown.columns}
      expandable={shown.expandable}
      dataSource={tableMounted ? result.list : NO_ROWS}
      tableLayout={wide.tableLayout}
      scroll={wide.scrollX === undefined ? undefined : { x: wide.scrollX }}
      className={wide.minWidth === undefined ? undefined : 'runtime-table-min-width'}
      style={
        wide.minWidth === undefined
          ? undefined
          : ({
              '--runtime-table-min-width': typeof wide.minWidth === 'number' ? `${wide.minWidth}px` : wide.minWidth,
            } as CSSProperties)
      }
      rowSelection={batchDefs.length ? rowSelection(selected, setSelected, plans[0]?.field) : undefined}
      pagination={
        paginated
          ? listPagination({ page, entity, state, total: result.total, isPublic, controls: pagerControls, here })
          : false
      }
      onChange={onTableChange(dispatch, state.pageSize, initial.sort)}
    />
  );

  const body = (
    <>
      <ListFilters page={page} bundle={bundle} filters={state.filters} dispatch={dispatch} />
      <ListToolbar
        page={page}
        entity={entity.name}
        workflow={workflow}
        toolbar={toolbar}
        batchDefs={batchDefs}
        selected={selected}
        ruleInputs={ruleInputs}
        values={{ ...query, ...fixed }}
        request={request}
        run={run}
        reload={reload}
      />
      {table}
      {/* antd drops the pager of an empty table; SPEC §9 still wants the total line. */}
      {paginated && !loading && result.total === 0 ? (
        <div className="runtime-empty-total" style={{ textAlign: 'right', paddingTop: 16 }}>
          {totalText(0)}
        </div>
      ) : null}
      {dialog}
    </>
  );
  // Compact lists (the home page's latest items) sit inside a frame of the host page.
  if (embedded || !paginated) return <div className="runtime-list runtime-list-compact">{body}</div>;
  return (
    <ListFrame
      title={(user && page.roleTitles?.[user.roleCode]) || page.title}
      extra={page.more ? <Link to={page.more}>更多</Link> : undefined}
    >
      {body}
    </ListFrame>
  );
}
