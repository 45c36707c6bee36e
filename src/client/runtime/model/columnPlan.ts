/** What a list column is once planned (columns.ts), apart so the width rules (tableWidth.ts) can read it. */
export type CellKind =
  | 'text'
  | 'dict'
  | 'dictTag'
  | 'status'
  | 'date'
  | 'datetime'
  | 'link'
  | 'files'
  | 'fileIcon'
  | 'area'
  | 'boolean'
  | 'number'
  | 'richtext';

export interface ColumnPlan {
  key: string;
  field: string;
  title: string;
  kind: CellKind;
  dict?: string;
  multiple?: boolean;
  to?: string;
  width?: number;
  sortable: boolean;
  ellipsis: boolean;
  /** The field's mask (the server masks it per reader): the column keeps room for the number on one line. */
  mask?: 'idCard' | 'phone';
  /** A copy action beside the cell's text (the column's or the field's `copyable`). */
  copyable?: boolean;
}
