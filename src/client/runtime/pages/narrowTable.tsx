import type { TableProps } from 'antd';
import type { ReactNode } from 'react';
import './narrowTable.css';

type Columns<T> = NonNullable<TableProps<T>['columns']>;
type Column<T> = Columns<T>[number];

/** What a column shows for a row, as the table would draw its cell. */
function cellOf<T>(column: Column<T>, row: T, index: number): ReactNode {
  const key = (column as { dataIndex?: string | number }).dataIndex;
  const value = key === undefined ? undefined : (row as Record<string, unknown>)[key as string];
  return column.render ? (column.render(value, row, index) as ReactNode) : (value as ReactNode);
}

/** Whether the column is a key one, kept on a phone: the first data column and the row's actions. */
function isKept<T>(column: Column<T>, index: number, keyIndex: number): boolean {
  return index === keyIndex || column.fixed === 'right' || column.key === '_actions';
}

/**
 * A table as a phone shows it (under 576 px): its key column (the first that is not a counter, and
 * the row's actions), the other columns' titles and values in a row that opens under it, and no
 * widths or scrolling that would push the table past the card. Wide screens get the table as it was.
 */
export function narrowTable<T>(
  columns: Columns<T>,
  narrow: boolean,
  opts: { skip?: number } = {},
): { columns: Columns<T>; expandable?: TableProps<T>['expandable'] } {
  if (!narrow || columns.length < 2) return { columns };
  const keyIndex = opts.skip ?? 0;
  const kept = columns
    .filter((c, i) => isKept(c, i, keyIndex))
    .map((c) => ({ ...c, width: undefined, fixed: undefined, ellipsis: false }));
  const rest = columns.filter((c, i) => i >= keyIndex && !isKept(c, i, keyIndex));
  if (!rest.length) return { columns: kept };
  return {
    columns: kept,
    expandable: {
      columnWidth: 40,
      expandedRowRender: (row, index) => (
        <dl className="runtime-row-more">
          {rest.map((c, i) => (
            <div key={String(c.key ?? i)}>
              <dt>{c.title as ReactNode}</dt>
              <dd>{cellOf(c, row, index)}</dd>
            </div>
          ))}
        </dl>
      ),
    },
  };
}
