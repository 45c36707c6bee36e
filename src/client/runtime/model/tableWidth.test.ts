import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ColumnPlan } from './columns.js';
import {
  ACTIONS_MAX_WIDTH,
  actionsWidth,
  inlineActionCount,
  DEFAULT_MIN_WIDTH,
  ELLIPSIS_MIN_WIDTH,
  fitColumns,
  leastWidth,
  SELECTION_WIDTH,
  tableSizing,
} from './tableWidth.js';
import { planColumns } from './columns.js';
import type { EntityDef, ListPageDef, WorkflowDef } from '../../../shared/schema/types.js';
import { resolveAction } from './actions.js';
import { textWidth } from './labelWidth.js';

const plan = (over: Partial<ColumnPlan>): ColumnPlan => ({
  key: 'f',
  field: 'f',
  title: 'F',
  kind: 'text',
  sortable: false,
  ellipsis: false,
  ...over,
});

describe('tableSizing', () => {
  it('keeps the content width when no column truncates', () => {
    expect(
      tableSizing([plan({ width: 100 }), plan({})], { actionsWidth: 100, selectable: false, fixedColumn: true }),
    ).toEqual({ scrollX: 'max-content' });
    expect(
      tableSizing([plan({ width: 100 }), plan({})], { actionsWidth: 0, selectable: false, fixedColumn: false }),
    ).toEqual({ minWidth: 'max-content' });
  });

  it('fixes the layout and sums a numeric width when a column has ellipsis', () => {
    const plans = [plan({ ellipsis: true }), plan({ width: 120 }), plan({ width: 170 }), plan({})];
    expect(tableSizing(plans, { actionsWidth: 200, selectable: false, fixedColumn: true })).toEqual({
      tableLayout: 'fixed',
      scrollX: ELLIPSIS_MIN_WIDTH + 120 + 170 + DEFAULT_MIN_WIDTH + 200,
    });
    expect(tableSizing(plans, { actionsWidth: 200, selectable: true, fixedColumn: true }).scrollX).toBe(
      ELLIPSIS_MIN_WIDTH + 120 + 170 + DEFAULT_MIN_WIDTH + 200 + SELECTION_WIDTH,
    );
  });

  it("leaves antd's scroll to tables with a fixed column and gives the others the same width as a least width", () => {
    const plans = [plan({ ellipsis: true }), plan({ width: 120 })];
    expect(tableSizing(plans, { actionsWidth: 0, selectable: true, fixedColumn: false })).toEqual({
      tableLayout: 'fixed',
      minWidth: ELLIPSIS_MIN_WIDTH + 120 + SELECTION_WIDTH,
    });
  });
});

describe('actionsWidth', () => {
  it('is nothing without row actions, grows with labels and stops at a maximum', () => {
    expect(actionsWidth([])).toBe(0);
    expect(actionsWidth(['查看'])).toBeLessThan(actionsWidth(['查看', '编辑']));
    const many = ['查看', '编辑', '发布', '撤回', '删除', '退回修改'];
    expect(actionsWidth(many)).toBeLessThanOrEqual(ACTIONS_MAX_WIDTH);
    // Past the maximum the rest go into 更多: the first ones stay buttons.
    expect(inlineActionCount(many)).toBe(2);
    expect(inlineActionCount(['查看', '编辑'])).toBe(2);
    expect(inlineActionCount(['提交市级审核', '退回修改意见'])).toBe(1);
    expect(inlineActionCount([])).toBe(0);
    // A reviewer's row: the awaited 审核通过 (placed first), 查看 and 更多 fit the column.
    expect(inlineActionCount(['审核通过', '查看', '退回', '操作记录'])).toBe(2);
  });
});

describe('fitColumns', () => {
  // 角色用户管理 as its schema has it, beside its 操作 column.
  const entity = {
    name: 'user',
    label: '用户',
    workflow: 'userAccount',
    fields: {
      username: { type: 'string', label: '账号' },
      realName: { type: 'string', label: '姓名' },
      roles: { type: 'string', label: '角色', dict: 'role', multiple: true },
      area: { type: 'string', label: '所属地区', dict: 'areacode' },
      unit: { type: 'string', label: '所在单位' },
      mobile: { type: 'string', label: '手机号', mask: 'phone' },
      status: { type: 'string', label: '状态' },
      createdAt: { type: 'datetime', label: '创建时间' },
    },
    access: { read: [], create: [], update: [], delete: [] },
  } as unknown as EntityDef;
  const workflow = {
    name: 'userAccount',
    entity: 'user',
    field: 'status',
    statuses: [
      { code: '1', label: '正常' },
      { code: '2', label: '待审核' },
    ],
    transitions: [],
  } as unknown as WorkflowDef;
  const plans = planColumns(
    [
      { field: 'username', width: 130 },
      { field: 'realName', width: 120 },
      { field: 'roles', width: 180 },
      { field: 'area', width: 110 },
      { field: 'unit', ellipsis: true },
      { field: 'mobile', width: 130 },
      { field: 'status', render: 'tag', width: 90 },
      { field: 'createdAt', render: 'datetime', width: 170, sortable: true },
    ],
    entity,
    workflow,
  );
  const opts = { actionsWidth: 180, selectable: false, workflow };
  const sized = (p: ColumnPlan[]) =>
    tableSizing(p, { actionsWidth: opts.actionsWidth, selectable: false, fixedColumn: true }).scrollX as number;

  it('narrows the columns to the table at 1440 px, so none runs under the fixed 操作 column', () => {
    // The list's table at 1440 px: the window less the menu, the card's padding and a scrollbar.
    const available = 1134;
    expect(sized(plans)).toBeGreaterThan(available);
    const fitted = fitColumns(plans, available, opts);
    expect(sized(fitted)).toBeLessThanOrEqual(available);
    const at = (f: string) => fitted.find((p) => p.field === f)!;
    // A time, a status tag and a masked number keep one line; the headings keep their text.
    expect(at('createdAt').width).toBeGreaterThanOrEqual(leastWidth(at('createdAt'), workflow)!);
    expect(at('status').width).toBeGreaterThanOrEqual(leastWidth(at('status'), workflow)!);
    expect(at('mobile').width).toBeGreaterThanOrEqual(100);
    for (const p of fitted) expect(p.width, p.field).toBeGreaterThanOrEqual(p.title.length * 14 + 32);
  });

  it("keeps a dictionary tag's column at its schema width: a tag does not wrap (评审列表's 查重 was cut)", () => {
    const tagged = planColumns(
      [
        { field: 'unit', ellipsis: true, width: 300 },
        { field: 'area', render: 'tag', width: 112 },
        { field: 'realName', width: 200 },
      ],
      entity,
      workflow,
    );
    const fitted = fitColumns(tagged, 560, opts);
    expect(fitted).not.toBe(tagged);
    expect(fitted.find((p) => p.field === 'area')!.width).toBe(112);
    expect(fitted.find((p) => p.field === 'unit')!.width).toBeLessThan(300);
  });

  it('leaves columns that fit as they are, and where even their floors do not fit (the table scrolls)', () => {
    expect(fitColumns(plans, 1600, opts)).toBe(plans);
    expect(fitColumns(plans, 0, opts)).toBe(plans);
    expect(fitColumns(plans, 700, opts)).toBe(plans);
  });
});

describe('课题审核管理 at 1440 px', () => {
  const read = (file: string) => JSON.parse(readFileSync(path.resolve('schemas', file), 'utf8'));
  const page = read('pages/topics/topic.list.json') as ListPageDef;
  const entity = read('entities/topic.json') as EntityDef;
  const workflow = read('workflows/topic.json') as WorkflowDef;
  const plans = planColumns(page.columns, entity, workflow);
  const actions = actionsWidth((page.rowActions ?? []).map((def, i) => resolveAction(def, workflow, i).label));
  const opts = { actionsWidth: actions, selectable: true, workflow };
  const total = (p: ColumnPlan[]) =>
    tableSizing(p, { actionsWidth: actions, selectable: true, fixedColumn: true }).scrollX as number;

  // The table at 1440 px beside the menu (1134 px), and less a 17 px scrollbar of a desktop browser.
  it.each([1134, 1117])('fits %i px beside 操作 with no heading, status tag or 查重 tag cut', (available) => {
    const fitted = fitColumns(plans, available, opts);
    expect(total(fitted)).toBeLessThanOrEqual(available);
    const at = (f: string) => fitted.find((p) => p.field === f)!;
    expect(at('status').width).toBeGreaterThanOrEqual(leastWidth(at('status'), workflow)!);
    // 未见重复 / 疑似重复 in a tag.
    expect(at('similarity').width).toBeGreaterThanOrEqual(textWidth('疑似重复') + 18 + 32);
    // A time may put its time of day under its date: the date itself stays on one line.
    expect(at('updatedAt').width).toBeGreaterThanOrEqual(textWidth('2026-11-26') + 32);
    for (const p of fitted) expect(p.width, p.field).toBeGreaterThanOrEqual(textWidth(p.title) + 32);
  });

  it('wraps a time only where the columns do not fit otherwise', () => {
    const wide = fitColumns(plans, 1300, opts);
    const at = wide.find((p) => p.field === 'updatedAt')!;
    expect(at.width).toBeGreaterThanOrEqual(leastWidth(at, workflow)!);
  });
});
