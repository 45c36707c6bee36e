/**
 * The list page kind: a filter bar (Formily, the same widgets as forms), an antd Table whose columns
 * the model planned, 10 rows a page with 共N条记录, size changer and quick jumper, toolbar / row /
 * batch actions shown by rule and row permission, export of the current filters. Public lists
 * (source "public") read the anonymous endpoints and offer no actions.
 */
import { Button, Space, Table, type CheckboxProps, type TableProps } from 'antd';
import {
  cloneElement,
  isValidElement,
  lazy,
  Suspense,
  type AnchorHTMLAttributes,
  type ReactNode,
  useCallback,
  type CSSProperties,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useState,
} from 'react';
import { Link } from 'react-router-dom';
import type { ListPageDef, ResourceRecord } from '../../../../shared/schema/types.js';
import { useFirstPaintDone } from '../../../hooks/useFirstPaintDone.js';
import {
  batchActionOffered,
  resolveAction,
  rowActionOrder,
  rowsAllowing,
  visibleActions,
} from '../../model/actions.js';
import { planColumns } from '../../model/columns.js';
import { textOnlyFilters } from '../../model/filterSchema.js';
import { actionsWidth, inlineActionCount, tableSizing } from '../../model/tableWidth.js';
import {
  initialListState,
  listReducer,
  PAGE_SIZE_OPTIONS,
  toListRequest,
  totalText,
  type ListState,
} from '../../model/listQuery.js';
import { firstListState, rememberListState, sessionStore } from '../../model/rememberedList.js';
import { listStateSearch } from '../../../../shared/schema/listAddress.js';
import { useRuntime } from '../../RuntimeContext.js';
import { ActionButton } from '../ActionButton.js';
import { RowMoreActions } from './RowMoreActions.js';
import { ListFrame } from './ListFrame.js';
import { renderCell } from '../cells.js';
import { TextFilterBar } from './TextFilterBar.js';
import type { PageKindProps } from '../types.js';
import { useActionRunner } from '../useActionRunner.js';
import { useListAnswer } from './useListAnswer.js';
import './listPage.css';

// The filter form (Formily and the widgets) is its own chunk, loaded by lists with filters other
// than text boxes; text-only filters (the public lists) take the light TextFilterBar.
const FilterBar = lazy(() => import('./FilterBar.js').then((m) => ({ default: m.FilterBar })));
// Few lists import rows from a file: the upload, report table and dialog load with those that do.
const ImportAction = lazy(() => import('./ImportAction.js').then((m) => ({ default: m.ImportAction })));
/** The rows of a table mounting (see tableMounted): one array, so the first render is not redone for a new one. */
const NO_ROWS: ResourceRecord[] = [];

/**
 * A public list's page numbers as real links (`?page=3` with the list's filters, which the server
 * draws too), so search engines reach every page; a click still turns the page in place.
 */
function crawlablePagerLink(hrefOf: (n: number) => string) {
  return (n: number, type: string, element: ReactNode): ReactNode => {
    if (type !== 'page' && type !== 'jump-prev' && type !== 'jump-next') return element;
    if (!isValidElement<AnchorHTMLAttributes<HTMLAnchorElement>>(element) || element.type !== 'a') return element;
    return cloneElement(element, { href: hrefOf(n), onClick: (e) => e.preventDefault() });
  };
}

/**
 * A public list keeps its state in the address (src/shared/schema/listAddress.ts): reload, back
 * and a shared link show the same list, as the server drew it. The entry is replaced, not added,
 * and without the router, so the page is not opened again for each keystroke of a search.
 */
function useStateInAddress(
  on: boolean,
  page: ListPageDef,
  entity: PageKindProps['bundle']['entity'],
  state: ListState,
) {
  useEffect(() => {
    if (!on || typeof window === 'undefined') return;
    const search = listStateSearch(page, entity, state, new URLSearchParams(window.location.search));
    if (search === window.location.search) return;
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${search}${window.location.hash}`,
    );
  }, [on, page, entity, state]);
}

/** A selection box's name: 选择 and what the row's first column shows (its title, name or number). */
export function selectRowLabel(row: ResourceRecord, firstField: string | undefined): string {
  const value = firstField ? row[firstField] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? `选择 ${value}` : '选择此行';
}

export function ListPage({ bundle, query, embedded, fixed }: PageKindProps) {
  const page = bundle.page as ListPageDef;
  const { entity, workflow } = bundle;
  const { user, now } = useRuntime();
  const isPublic = page.source === 'public';
  const initial = useMemo(() => initialListState(page, entity), [page, entity]);
  // Lists inside another page (detail tabs) start afresh; pages remember where the user was.
  const remember = !embedded;
  const [state, dispatch] = useReducer(
    (s: ListState, a: Parameters<typeof listReducer>[1]) => listReducer(s, a, initial),
    undefined,
    () => firstListState(page, entity, remember, sessionStore(), query),
  );
  useEffect(() => {
    if (remember) rememberListState(page.id, state, sessionStore());
  }, [remember, page.id, state]);
  useStateInAddress(isPublic && !embedded, page, entity, state);
  const [reloadKey, setReloadKey] = useState(0);
  const [selected, setSelected] = useState<ResourceRecord[]>([]);
  const request = useMemo(() => toListRequest(state, page, entity, fixed), [state, page, entity, fixed]);
  const { result, loading } = useListAnswer(entity.name, request, isPublic, reloadKey);
  // antd's Table measures the scrollbar once as it mounts (rc-table's getTargetScrollBarSize): it
  // adds a style sheet, reads a size and removes the sheet, which forces styles and layout of the
  // whole table, and again after it. Mounted empty, it measures an empty table; the rows follow in
  // the same frame (a layout effect's update renders before the browser paints).
  const [tableMounted, setTableMounted] = useState(false);
  useLayoutEffect(() => setTableMounted(true), []);
  // A new answer is a new set of rows: what was selected in the old one goes. Nothing selected
  // stays the same state: a new empty array would render the whole table again (on mount too).
  useEffect(() => setSelected((s) => (s.length ? [] : s)), [result]);

  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  const run = useActionRunner(bundle, reload);
  const ruleInputs = { user, query, now: now() };

  const toolbar = isPublic ? [] : visibleActions(page.toolbar, workflow, ruleInputs);
  const batchDefs = isPublic
    ? []
    : (page.batchActions ?? []).filter((def) => batchActionOffered(def, workflow, ruleInputs));
  const rowDefs = isPublic ? [] : (page.rowActions ?? []);

  // Each row's actions are worked out once per answer, not on every render of the table (their
  // rules read the row, the user and the time of the answer).
  const rowActions = useMemo(() => {
    const at = now();
    const defs = isPublic ? [] : (page.rowActions ?? []);
    return new Map(
      result.list.map((row) => [
        row,
        rowActionOrder(visibleActions(defs, workflow, { user, query, now: at, record: row, form: row })),
      ]),
    );
  }, [result, isPublic, page.rowActions, workflow, user, query, now]);

  const plans = planColumns(page.columns, entity, workflow);
  const textFilters = useMemo(() => textOnlyFilters(page, entity, workflow), [page, entity, workflow]);
  const actionLabels = rowDefs.map((def, i) => resolveAction(def, workflow, i).label);
  const actionsColumnWidth = actionsWidth(actionLabels);

  const sizing = tableSizing(plans, {
    actionsWidth: actionsColumnWidth,
    selectable: batchDefs.length > 0,
    fixedColumn: rowDefs.length > 0,
  });
  const columns: NonNullable<TableProps<ResourceRecord>['columns']> = plans.map((plan) => ({
    key: plan.key,
    dataIndex: plan.field,
    title: plan.title,
    width: plan.width,
    ellipsis: plan.ellipsis,
    sorter: plan.sortable,
    sortOrder: state.sort?.field === plan.field ? (state.sort.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (value: unknown, row: ResourceRecord) => renderCell(plan, value, row, workflow),
  }));
  if (rowDefs.length) {
    columns.push({
      key: '_actions',
      title: '操作',
      fixed: 'right',
      ...(sizing.tableLayout ? { width: actionsColumnWidth } : {}),
      render: (_: unknown, row: ResourceRecord) => {
        const acts = rowActions.get(row) ?? [];
        // What fits the column shows as buttons; the rest go into 更多, never onto a second line.
        const shown = acts.slice(
          0,
          inlineActionCount(
            acts.map((a) => a.label),
            actionsColumnWidth,
          ),
        );
        const more = acts.slice(shown.length);
        return (
          <Space size={0} className="runtime-row-actions" style={{ whiteSpace: 'nowrap' }}>
            {shown.map((a) => (
              <ActionButton key={a.key} action={a} rows={[row]} run={run} variant="row" />
            ))}
            {more.length ? (
              <RowMoreActions
                actions={more}
                render={(a) => <ActionButton action={a} rows={[row]} run={run} variant="row" />}
              />
            ) : null}
          </Space>
        );
      },
    });
  }

  const paginated = page.pagination !== false;
  // The rows and page numbers first; the page-size select and the jump box (antd Select and Input)
  // a frame later.
  const pagerControls = useFirstPaintDone();
  const table = (
    <Table<ResourceRecord>
      rowKey="id"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={tableMounted ? result.list : NO_ROWS}
      tableLayout={sizing.tableLayout}
      scroll={sizing.scrollX === undefined ? undefined : { x: sizing.scrollX }}
      className={sizing.minWidth === undefined ? undefined : 'runtime-table-min-width'}
      style={
        sizing.minWidth === undefined
          ? undefined
          : ({
              '--runtime-table-min-width':
                typeof sizing.minWidth === 'number' ? `${sizing.minWidth}px` : sizing.minWidth,
            } as CSSProperties)
      }
      rowSelection={
        batchDefs.length
          ? {
              selectedRowKeys: selected.map((r) => r.id),
              onChange: (_keys, rows) => setSelected(rows),
              // Named for a screen reader (antd's own names are English): the row by its first column.
              getTitleCheckboxProps: () => ({ 'aria-label': '全选本页' }) as CheckboxProps,
              getCheckboxProps: (row) => ({ 'aria-label': selectRowLabel(row, plans[0]?.field) }) as CheckboxProps,
            }
          : undefined
      }
      pagination={
        paginated
          ? {
              current: state.page,
              pageSize: state.pageSize,
              total: result.total,
              showSizeChanger: pagerControls,
              showQuickJumper: pagerControls,
              pageSizeOptions: PAGE_SIZE_OPTIONS,
              showTotal: (total) => totalText(total),
              ...(isPublic
                ? {
                    itemRender: crawlablePagerLink(
                      (n) => `${window.location.pathname}${listStateSearch(page, entity, { ...state, page: n })}`,
                    ),
                  }
                : {}),
            }
          : false
      }
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'paginate')
          dispatch({
            type: 'paginate',
            page: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? state.pageSize,
          });
        if (extra.action === 'sort') {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = typeof s?.columnKey === 'string' ? s.columnKey : undefined;
          dispatch({
            type: 'sort',
            sort: field && s.order ? { field, order: s.order === 'ascend' ? 'asc' : 'desc' } : initial.sort,
          });
        }
      }}
    />
  );

  const actionsBar =
    toolbar.length || batchDefs.length ? (
      <Space wrap style={{ marginBottom: 12 }} className="runtime-toolbar">
        {toolbar.map((a, i) =>
          a.type === 'import' ? (
            <Suspense key={a.key} fallback={<Button disabled>{a.label}</Button>}>
              <ImportAction entity={entity.name} pageId={page.id} label={a.label} onDone={reload} />
            </Suspense>
          ) : (
            <ActionButton
              key={a.key}
              action={a}
              rows={[]}
              run={run}
              variant="toolbar"
              values={{ ...query, ...fixed }}
              icon={
                page.toolbar?.[i] && page.toolbar[i].type === 'link'
                  ? (page.toolbar[i] as { icon?: string }).icon
                  : undefined
              }
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
    ) : null;

  const body = (
    <>
      {textFilters ? (
        <TextFilterBar
          filters={textFilters}
          initial={state.filters}
          onSearch={(filters) => dispatch({ type: 'filter', filters })}
          onReset={() => dispatch({ type: 'reset' })}
        />
      ) : page.filters?.length ? (
        <Suspense fallback={<div className="runtime-lazy-loading" />}>
          <FilterBar
            page={page}
            bundle={bundle}
            initial={state.filters}
            onSearch={(filters) => dispatch({ type: 'filter', filters })}
            onReset={() => dispatch({ type: 'reset' })}
          />
        </Suspense>
      ) : null}
      {actionsBar}
      {table}
      {/* antd drops the pager of an empty table; SPEC §9 still wants the total line. */}
      {paginated && !loading && result.total === 0 ? (
        <div className="runtime-empty-total" style={{ textAlign: 'right', paddingTop: 16 }}>
          {totalText(0)}
        </div>
      ) : null}
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
