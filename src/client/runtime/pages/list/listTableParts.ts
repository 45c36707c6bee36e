/**
 * The parts of a list table that are settings rather than drawing: its pager (10 a page, 共N条记录,
 * size changer and quick jumper; real links on a public list), its selection boxes' names, and how
 * a page turn or a sort becomes the list's state.
 */
import type { CheckboxProps, TablePaginationConfig, TableProps } from 'antd';
import { cloneElement, isValidElement, type AnchorHTMLAttributes, type ReactNode } from 'react';
import type { ListPageDef, ResourceRecord } from '../../../../shared/schema/types.js';
import { listStateSearch } from '../../../../shared/schema/listAddress.js';
import { PAGE_SIZE_OPTIONS, totalText, type ListState } from '../../model/listQuery.js';
import type { PageKindProps } from '../types.js';
import type { ListDispatch } from './useListState.js';

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

export function listPagination(opts: {
  page: ListPageDef;
  entity: PageKindProps['bundle']['entity'];
  state: ListState;
  total: number;
  isPublic: boolean;
  /** The page-size select and the jump box (antd Select and Input) come a frame after the rows. */
  controls: boolean;
  /** The list's own address without its query, under the base path (the server has no window to read it from). */
  here: string;
}): TablePaginationConfig {
  const { page, entity, state, isPublic, controls } = opts;
  return {
    current: state.page,
    pageSize: state.pageSize,
    total: opts.total,
    showSizeChanger: controls,
    showQuickJumper: controls,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showTotal: (total) => totalText(total),
    ...(isPublic
      ? {
          itemRender: crawlablePagerLink((n) => `${opts.here}${listStateSearch(page, entity, { ...state, page: n })}`),
        }
      : {}),
  };
}

/** A selection box's name: 选择 and what the row's first column shows (its title, name or number). */
export function selectRowLabel(row: ResourceRecord, firstField: string | undefined): string {
  const value = firstField ? row[firstField] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? `选择 ${value}` : '选择此行';
}

export function rowSelection(
  selected: ResourceRecord[],
  onChange: (rows: ResourceRecord[]) => void,
  firstField: string | undefined,
): TableProps<ResourceRecord>['rowSelection'] {
  return {
    selectedRowKeys: selected.map((r) => r.id),
    onChange: (_keys, rows) => onChange(rows),
    // Named for a screen reader (antd's own names are English): the row by its first column.
    getTitleCheckboxProps: () => ({ 'aria-label': '全选本页' }) as CheckboxProps,
    getCheckboxProps: (row) => ({ 'aria-label': selectRowLabel(row, firstField) }) as CheckboxProps,
  };
}

/** A page turned or a column sorted: the list's new state (a sort taken off goes back to the page's). */
export function onTableChange(
  dispatch: ListDispatch,
  pageSize: number,
  initialSort: ListState['sort'],
): NonNullable<TableProps<ResourceRecord>['onChange']> {
  return (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate')
      dispatch({
        type: 'paginate',
        page: pagination.current ?? 1,
        pageSize: pagination.pageSize ?? pageSize,
      });
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = typeof s?.columnKey === 'string' ? s.columnKey : undefined;
      dispatch({
        type: 'sort',
        sort: field && s.order ? { field, order: s.order === 'ascend' ? 'asc' : 'desc' } : initialSort,
      });
    }
  };
}
