/**
 * How wide a list table is. antd keeps `ellipsis` only in a fixed table layout, and a fixed right
 * column with `scroll.x: 'max-content'` forces the auto layout: a long title then widens the table
 * past its card and the fixed 操作 column covers the columns beside it. So a list with an ellipsis
 * column gets the fixed layout and a numeric scroll width summed from its columns; a narrower
 * window scrolls, a wider one shares the spare width among the columns without a width.
 *
 * antd's `scroll.x` is used only when a column is fixed (the 操作 column), which needs it. It makes
 * the table measure itself as it mounts: a hidden row whose cells read their widths, then a check of
 * the scroll position, each a forced layout of all the rows before the first paint (traced at 4x
 * throttle: about 0.4 s of a 100-row list's first render). A table without a fixed column gets the
 * same widths from CSS instead (`minWidth`: the table's least width; its box scrolls past that).
 */
import type { ColumnPlan } from './columns.js';

/** Width a column without a schema width counts for (ellipsis columns give way first). */
export const ELLIPSIS_MIN_WIDTH = 160;
export const DEFAULT_MIN_WIDTH = 120;
/** Row action buttons: small link buttons, about one em per character plus their padding; past the
 * maximum the last ones go into a 更多 menu (never a second line), so a list fits a 1366px screen. */
const CHAR_WIDTH = 14;
const BUTTON_PADDING = 16;
const CELL_PADDING = 16;
export const ACTIONS_MAX_WIDTH = 190;
export const SELECTION_WIDTH = 32;

/** The 更多 button: two characters and its arrow. */
const MORE_WIDTH = 2 * CHAR_WIDTH + BUTTON_PADDING + 14;

function labelsWidth(labels: string[]): number {
  return labels.reduce((w, label) => w + label.length * CHAR_WIDTH + BUTTON_PADDING, CELL_PADDING);
}

/** How many row actions show as buttons; the others go into 更多. At least one shows. */
export function inlineActionCount(labels: string[], max = ACTIONS_MAX_WIDTH): number {
  if (labels.length === 0 || labelsWidth(labels) <= max) return labels.length;
  let n = labels.length - 1;
  while (n > 1 && labelsWidth(labels.slice(0, n)) + MORE_WIDTH > max) n--;
  return n;
}

/** Width of the 操作 column for the labels its row actions may show: the inline buttons and 更多. */
export function actionsWidth(labels: string[]): number {
  if (!labels.length) return 0;
  const n = inlineActionCount(labels);
  return labelsWidth(labels.slice(0, n)) + (n < labels.length ? MORE_WIDTH : 0);
}

export interface TableSizing {
  tableLayout?: 'fixed';
  /** antd's scroll.x, for a table with a fixed column. */
  scrollX?: number | 'max-content';
  /** The table's least width, for a table without one. */
  minWidth?: number | 'max-content';
}

export function tableSizing(
  plans: ColumnPlan[],
  opts: { actionsWidth: number; selectable: boolean; fixedColumn: boolean },
): TableSizing {
  const width = (w: number | 'max-content') => (opts.fixedColumn ? { scrollX: w } : { minWidth: w });
  if (!plans.some((p) => p.ellipsis)) return width('max-content');
  const columns = plans.reduce((w, p) => w + (p.width ?? (p.ellipsis ? ELLIPSIS_MIN_WIDTH : DEFAULT_MIN_WIDTH)), 0);
  return { tableLayout: 'fixed', ...width(columns + opts.actionsWidth + (opts.selectable ? SELECTION_WIDTH : 0)) };
}
