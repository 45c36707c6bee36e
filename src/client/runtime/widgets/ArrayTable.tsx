import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { Button, DatePicker, Input, Table } from 'antd';
import dayjs from 'dayjs';
import { maskIdCard, maskPhone } from '../../../shared/masks.js';

/** One column of the table: a key of the row objects, its title, and how it is edited and shown. */
export interface ArrayTableColumn {
  key: string;
  title: string;
  width?: number;
  /** input (default), textarea or date (YYYY-MM-DD). */
  input?: 'input' | 'textarea' | 'date';
  /** Shown masked outside editing (SPEC §5). */
  mask?: 'idCard' | 'mobile';
  placeholder?: string;
  maxLength?: number;
}

type Row = Record<string, unknown>;

interface Props {
  value?: Row[] | Record<string, unknown> | null;
  onChange?: (rows: Row[]) => void;
  columns?: ArrayTableColumn[];
  /** Text of the add button. */
  addText?: string;
  maxRows?: number;
  disabled?: boolean;
  /** The value is an object of rows keyed by this column (e.g. review results keyed by stage), shown read-only. */
  keyedBy?: string;
}

function shown(col: ArrayTableColumn, v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  const text = String(v);
  return col.mask === 'idCard' ? maskIdCard(text) : col.mask === 'mobile' ? maskPhone(text) : text;
}

function rowsOf(value: unknown, keyedBy?: string): Row[] {
  if (keyedBy && value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .filter((e): e is [string, Row] => Boolean(e[1]) && typeof e[1] === 'object')
      .map(([k, row]) => ({ ...row, [keyedBy]: k }));
  }
  return Array.isArray(value) ? value.filter((r) => r && typeof r === 'object') : [];
}

/**
 * Rows keyed by their place: a row's object is replaced on every keystroke, so a key taken from it
 * would remount the input being typed in. antd's `rowKey` no longer passes the index, so it is
 * written into copies of the rows the table draws (the value keeps none of it).
 */
const ROW_KEY = '__row';
const keyed = (rows: Row[]): Row[] => rows.map((r, i) => ({ ...r, [ROW_KEY]: String(i) }));

/** Read-only table (look mode): masked where the column says so. */
export function ArrayTableView({ value, columns = [], keyedBy }: Props) {
  const rows = rowsOf(value, keyedBy);
  return (
    <Table<Row> className="runtime-array-table" size="small" bordered pagination={false} rowKey={ROW_KEY} dataSource={keyed(rows)}
      locale={{ emptyText: '暂无数据' }}
      columns={[{ title: '序号', key: '_n', width: 60, render: (_v, _r, i) => i + 1 },
        ...columns.map((c) => ({ title: c.title, key: c.key, dataIndex: c.key, width: c.width, render: (v: unknown) => shown(c, v) }))]} />
  );
}

/**
 * An editable table of rows (a json field holding a list of objects): members of a topic, phases of
 * its schedule. Columns come from the schema's props, so any list of records can use it.
 */
function ArrayTableEditor(props: Props) {
  const { value, onChange, columns = [], addText = '添加一行', maxRows = 50, disabled, keyedBy } = props;
  if (keyedBy) return <ArrayTableView {...props} />;
  const rows = rowsOf(value);
  const set = (i: number, key: string, v: unknown) => onChange?.(rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
  const cell = (c: ArrayTableColumn, row: Row, i: number) => {
    const v = row[c.key];
    const label = `${c.title}（第${i + 1}行）`;
    if (c.input === 'date') {
      return <DatePicker aria-label={label} disabled={disabled} style={{ width: '100%' }} value={typeof v === 'string' && v ? dayjs(v) : null}
        onChange={(d) => set(i, c.key, d ? d.format('YYYY-MM-DD') : null)} />;
    }
    if (c.input === 'textarea') {
      return <Input.TextArea aria-label={label} disabled={disabled} autoSize={{ minRows: 1, maxRows: 4 }} maxLength={c.maxLength}
        placeholder={c.placeholder} value={typeof v === 'string' ? v : ''} onChange={(e) => set(i, c.key, e.target.value)} />;
    }
    return <Input aria-label={label} disabled={disabled} maxLength={c.maxLength} placeholder={c.placeholder}
      value={typeof v === 'string' ? v : ''} onChange={(e) => set(i, c.key, e.target.value)} />;
  };
  return (
    <div className="runtime-array-table">
      <Table<Row> size="small" bordered pagination={false} rowKey={ROW_KEY} dataSource={keyed(rows)} locale={{ emptyText: '暂无数据，请点击下方按钮添加' }}
        columns={[
          { title: '序号', key: '_n', width: 60, render: (_v, _r, i) => i + 1 },
          ...columns.map((c) => ({ title: c.title, key: c.key, width: c.width, render: (_v: unknown, row: Row, i: number) => cell(c, row, i) })),
          { title: '操作', key: '_op', width: 70, render: (_v: unknown, _r: Row, i: number) => (
            <Button type="link" danger size="small" disabled={disabled} icon={<DeleteOutlined />} aria-label={`删除第${i + 1}行`}
              onClick={() => onChange?.(rows.filter((_x, j) => j !== i))}>删除</Button>
          ) },
        ]} />
      <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} disabled={disabled || rows.length >= maxRows}
        onClick={() => onChange?.([...rows, Object.fromEntries(columns.map((c) => [c.key, '']))])}>{addText}</Button>
    </div>
  );
}

export const ArrayTable = connect(ArrayTableEditor, mapReadPretty(ArrayTableView));
