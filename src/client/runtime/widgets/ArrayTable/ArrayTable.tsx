import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { connect, mapReadPretty, observer, useField } from '@formily/react';
import { Button, DatePicker, Input, Table } from 'antd';
import dayjs from 'dayjs';
import '../dayjsLocale.js';
import { useState, type ReactNode } from 'react';
import { rowErrors } from '../../../../shared/rowChecks.js';
import type { RowsDef } from '../../../../shared/schema/types.js';
import { filterText } from '../../../../shared/textFilter.js';
import { CellText, columnsOf, type ArrayTableColumn } from './arrayTableColumns.js';
import { useNarrowScreen } from '../../../hooks/useNarrowScreen.js';
import { narrowTable } from '../../pages/narrowTable.js';

export type { ArrayTableColumn } from './arrayTableColumns.js';

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
  /** The entity's row definition (formSchema passes FieldDef.rows): labels, formats and checks of the cells. */
  rows?: RowsDef;
  /** The field's name and label, for the row messages (课题组成员第1行：…). */
  field?: string;
  fieldLabel?: string;
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
export function ArrayTableView({ value, columns, keyedBy: given, rows: def }: Props) {
  const keyedBy = given ?? def?.keyedBy;
  const rows = rowsOf(value, keyedBy);
  // A phone: the first column, the others in a row that opens under it (no counter).
  const shown = narrowTable<Row>(
    [
      { title: '序号', key: '_n', width: 60, render: (_v, _r, i) => i + 1 },
      ...columnsOf(columns, def).map((c) => ({
        title: c.title,
        key: c.key,
        dataIndex: c.key,
        width: c.width,
        render: (v: unknown) => <CellText col={c} def={def?.fields[c.key]} value={v} />,
      })),
    ],
    useNarrowScreen(),
    { skip: 1 },
  );
  return (
    <Table<Row>
      className="runtime-array-table"
      size="small"
      bordered
      pagination={false}
      rowKey={ROW_KEY}
      dataSource={keyed(rows)}
      locale={{ emptyText: '暂无数据' }}
      columns={shown.columns}
      expandable={shown.expandable}
    />
  );
}

/** Whether the form has asked this field to show its messages (a save or a step change validated it). */
function useValidated(): boolean {
  const field = useField() as { selfErrors?: unknown[] } | null;
  return Boolean(field?.selfErrors?.length);
}

/**
 * An editable table of rows (a json field holding a list of objects): members of a topic, phases of
 * its schedule. Columns come from the schema's props, so any list of records can use it.
 */
const ArrayTableEditor = observer((props: Props) => {
  const {
    value,
    onChange,
    addText = '添加一行',
    maxRows = 50,
    disabled,
    keyedBy,
    rows: def,
    field = '',
    fieldLabel = '',
  } = props;
  const validated = useValidated();
  // Cells the user has changed show their message at once; the others once the form validated.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  if (keyedBy || def?.keyedBy) return <ArrayTableView {...props} />;
  const columns = columnsOf(props.columns, def);
  const rows = rowsOf(value);
  const errors = new Map(
    rowErrors(field, { label: fieldLabel, rows: def }, rows)
      .filter((e) => e.row >= 0)
      .map((e) => [`${e.row}:${e.key}`, e.cell]),
  );
  const set = (i: number, key: string, v: unknown) => {
    setTouched((t) => new Set(t).add(`${i}:${key}`));
    onChange?.(rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
  };
  const typed = (c: ArrayTableColumn, text: string) => (def?.fields[c.key]?.textFilter ? filterText(text) : text);
  const withMessage = (i: number, key: string, input: (status: 'error' | undefined) => ReactNode) => {
    const message = errors.get(`${i}:${key}`);
    const shown = message && (validated || touched.has(`${i}:${key}`)) ? message : null;
    return (
      <>
        {input(shown ? 'error' : undefined)}
        {shown ? (
          <div className="ant-form-item-explain-error runtime-array-cell-error" role="alert">
            {shown}
          </div>
        ) : null}
      </>
    );
  };
  const cell = (c: ArrayTableColumn, row: Row, i: number) => {
    const v = row[c.key];
    const label = `${c.title}（第${i + 1}行）`;
    if (c.input === 'date') {
      return withMessage(i, c.key, (status) => (
        <DatePicker
          aria-label={label}
          disabled={disabled}
          status={status}
          style={{ width: '100%' }}
          value={typeof v === 'string' && v ? dayjs(v) : null}
          onChange={(d) => set(i, c.key, d ? d.format('YYYY-MM-DD') : null)}
        />
      ));
    }
    if (c.input === 'textarea') {
      return withMessage(i, c.key, (status) => (
        <Input.TextArea
          aria-label={label}
          disabled={disabled}
          status={status}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={c.maxLength}
          placeholder={c.placeholder}
          value={typeof v === 'string' ? v : ''}
          onChange={(e) => set(i, c.key, typed(c, e.target.value))}
        />
      ));
    }
    // A number stored (a template's 满分 once saved) shows as typed, not as an empty cell.
    return withMessage(i, c.key, (status) => (
      <Input
        aria-label={label}
        disabled={disabled}
        status={status}
        maxLength={c.maxLength}
        placeholder={c.placeholder}
        value={typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : ''}
        onChange={(e) => set(i, c.key, typed(c, e.target.value))}
      />
    ));
  };
  return (
    <div className="runtime-array-table">
      <Table<Row>
        size="small"
        bordered
        pagination={false}
        rowKey={ROW_KEY}
        dataSource={keyed(rows)}
        locale={{ emptyText: '暂无数据，请点击下方按钮添加' }}
        columns={[
          { title: '序号', key: '_n', width: 60, render: (_v, _r, i) => i + 1 },
          ...columns.map((c) => ({
            title: c.title,
            key: c.key,
            width: c.width,
            render: (_v: unknown, row: Row, i: number) => cell(c, row, i),
          })),
          {
            title: '操作',
            key: '_op',
            width: 70,
            render: (_v: unknown, _r: Row, i: number) => (
              <Button
                type="link"
                danger
                size="small"
                disabled={disabled}
                icon={<DeleteOutlined />}
                aria-label={`删除第${i + 1}行`}
                onClick={() => onChange?.(rows.filter((_x, j) => j !== i))}
              >
                删除
              </Button>
            ),
          },
        ]}
      />
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        disabled={disabled || rows.length >= maxRows}
        onClick={() => onChange?.([...rows, Object.fromEntries(columns.map((c) => [c.key, '']))])}
      >
        {addText}
      </Button>
    </div>
  );
});

export const ArrayTable = connect(ArrayTableEditor, mapReadPretty(ArrayTableView));
