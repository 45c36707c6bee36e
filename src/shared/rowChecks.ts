/**
 * Rows of a json field (a topic's members, its schedule's phases) checked like fields, from the
 * entity's `rows` definition: each column's type, length, pattern, format (ID numbers), dictionary
 * and text filter, and checks across a row's columns (an end date not before its start). The
 * browser shows each message at its cell; the server refuses with the same messages, each at the
 * path of its cell (members[0].idCard). Knows nothing of React or Fastify.
 */
import { isValidIdCard } from './idCard.js';
import { parseLocal } from './provinceTime.js';
import type { FieldDef, RowFieldDef, RowsDef } from './schema/types.js';
import { textFilterMessage, passesTextFilter } from './textFilter.js';

export interface RowError {
  /** Where, as the server names it: field[row].column (field.key.column for rows keyed by a column). */
  path: string;
  /** Row index (in the order the rows are drawn), or -1 for the whole list. */
  row: number;
  /** Column key, or '' for the whole list. */
  key: string;
  /** The cell's message, as shown at the cell (身份证号格式不正确). */
  cell: string;
  /** The message naming field and row (课题组成员第1行：身份证号格式不正确), for a toast or the server. */
  message: string;
}

export interface RowCheckOptions {
  /** Values of a dictionary, where known (the server knows all; the browser those it loaded). */
  dictValues?: (type: string) => ReadonlySet<string> | undefined;
}

const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The rows of a value as drawn: a list as it is, an object of rows keyed by a column as its entries. */
export function rowsOf(value: unknown): { key: string | null; row: Record<string, unknown> }[] | null {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) {
    if (!value.every((r) => r && typeof r === 'object' && !Array.isArray(r))) return null;
    return value.map((row) => ({ key: null, row: row as Record<string, unknown> }));
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.every(([, r]) => r && typeof r === 'object' && !Array.isArray(r))) return null;
    return entries.map(([key, row]) => ({ key, row: row as Record<string, unknown> }));
  }
  return null;
}

/** The message of one cell, or null when it is right. */
export function cellError(def: RowFieldDef, raw: unknown, opts: RowCheckOptions = {}): string | null {
  const label = def.label;
  if (empty(raw)) return def.required ? `${label}不能为空` : null;
  switch (def.type) {
    case 'integer':
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
      if (!Number.isFinite(n)) return `${label}必须是数字`;
      if (def.type === 'integer' && !Number.isInteger(n)) return `${label}必须是整数`;
      if (def.minimum !== undefined && n < def.minimum) return `${label}不能小于${def.minimum}`;
      if (def.maximum !== undefined && n > def.maximum) return `${label}不能大于${def.maximum}`;
      break;
    }
    case 'boolean':
      if (typeof raw !== 'boolean') return `${label}格式不正确`;
      break;
    case 'date':
    case 'datetime':
      if (typeof raw !== 'string' || parseLocal(raw) === null) return `${label}格式不正确`;
      break;
    default: {
      if (typeof raw !== 'string' && typeof raw !== 'number') return `${label}格式不正确`;
      const text = String(raw);
      const length = [...text].length;
      if (def.maxLength !== undefined && length > def.maxLength) return `${label}不能超过${def.maxLength}个字符`;
      if (def.minLength !== undefined && length < def.minLength) return `${label}不能少于${def.minLength}个字符`;
      if (def.textFilter && !passesTextFilter(text)) return textFilterMessage(label);
      if (def.pattern && !new RegExp(def.pattern, 'u').test(text)) return def.patternMessage ?? `${label}格式不正确`;
      if (def.format === 'idCard' && !isValidIdCard(text)) return def.patternMessage ?? `${label}格式不正确`;
    }
  }
  if (def.dict) {
    const values = opts.dictValues?.(def.dict);
    if (values && !values.has(String(raw))) return `${label}的取值不在字典范围内`;
  }
  return null;
}

/** Compared in time for dates, else as numbers; null when either side is not one. */
function order(a: unknown, b: unknown): number | null {
  const at = (v: unknown) =>
    typeof v === 'number'
      ? v
      : typeof v === 'string'
        ? (parseLocal(v) ?? (v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null))
        : null;
  const x = at(a);
  const y = at(b);
  return x === null || y === null ? null : x - y;
}

/** Every complaint about a json field's rows; none when the field declares no rows. */
export function rowErrors(
  name: string,
  def: Pick<FieldDef, 'label' | 'rows'>,
  value: unknown,
  opts: RowCheckOptions = {},
): RowError[] {
  const rows: RowsDef | undefined = def.rows;
  if (!rows) return [];
  const list = rowsOf(value);
  const whole = (cell: string): RowError => ({ path: name, row: -1, key: '', cell, message: cell });
  if (list === null) return [whole(`${def.label}格式不正确`)];
  if (rows.maxRows !== undefined && list.length > rows.maxRows) return [whole(`${def.label}最多${rows.maxRows}行`)];
  const out: RowError[] = [];
  list.forEach(({ key: rowKey, row }, i) => {
    const at = (col: string) => (rowKey === null ? `${name}[${i}].${col}` : `${name}.${rowKey}.${col}`);
    const add = (col: string, cell: string) =>
      out.push({ path: at(col), row: i, key: col, cell, message: `${def.label}第${i + 1}行：${cell}` });
    const bad = new Set<string>();
    for (const [col, colDef] of Object.entries(rows.fields)) {
      const msg = cellError(colDef, row[col], opts);
      if (msg) {
        add(col, msg);
        bad.add(col);
      }
    }
    for (const c of rows.checks ?? []) {
      if (bad.has(c.field) || bad.has(c.notBefore)) continue;
      const d = order(row[c.field], row[c.notBefore]);
      if (d !== null && d < 0) {
        add(
          c.field,
          c.message ??
            `${rows.fields[c.field]?.label ?? c.field}不能早于${rows.fields[c.notBefore]?.label ?? c.notBefore}`,
        );
      }
    }
  });
  return out;
}
