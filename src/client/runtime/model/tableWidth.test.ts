import type { ColumnPlan } from './columns.js';
import {
  ACTIONS_MAX_WIDTH,
  actionsWidth,
  inlineActionCount,
  DEFAULT_MIN_WIDTH,
  ELLIPSIS_MIN_WIDTH,
  SELECTION_WIDTH,
  tableSizing,
} from './tableWidth.js';

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
