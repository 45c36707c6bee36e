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
import type { WorkflowDef } from '../../../shared/schema/types.js';
import type { ColumnPlan } from './columnPlan.js';
import { textWidth } from './labelWidth.js';

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

/** Space a sortable heading's arrows take. */
const SORTER_WIDTH = 24;
/** A tag's own padding and border. */
const TAG_PADDING = 18;
/** The widest time and date the lists write (2026-11-26 10:00:00, 2026-11-26) at 14 px. */
const DATETIME_TEXT = textWidth('2026-11-26 10:00:00');
const DATE_TEXT = textWidth('2026-11-26');

/**
 * The least width a column's heading and values need on one line, where that is known from the
 * schemas (times, dates, status tags, the heading itself); undefined where a value may wrap and
 * only the heading counts and fits the default share.
 */
export function leastWidth(plan: ColumnPlan, workflow?: WorkflowDef | null): number | undefined {
  const heading = textWidth(plan.title) + 2 * CELL_PADDING + (plan.sortable ? SORTER_WIDTH : 0);
  const value =
    plan.kind === 'datetime'
      ? DATETIME_TEXT + 2 * CELL_PADDING
      : plan.kind === 'date'
        ? DATE_TEXT + 2 * CELL_PADDING
        : plan.kind === 'status'
          ? Math.max(0, ...(workflow?.statuses ?? []).map((s) => textWidth(s.label))) + TAG_PADDING + 2 * CELL_PADDING
          : 0;
  const least = Math.max(heading, value);
  return value || least > (plan.ellipsis ? ELLIPSIS_MIN_WIDTH : DEFAULT_MIN_WIDTH) ? Math.ceil(least) : undefined;
}

/** The least an ellipsis column is given when the columns are fitted (it truncates and titles its cells). */
const ELLIPSIS_FIT_WIDTH = 96;
/** The least any other column is given: a few characters of wrapped text. */
const TEXT_FIT_WIDTH = 72;
/** A masked phone or ID number does not wrap: its masked text's width. */
const MASKED_TEXT = { phone: textWidth('13*****0000'), idCard: textWidth('1301**********0000') };

/**
 * What a column cannot give up: its one-line values (times, tags, masked numbers) and its heading.
 * `wrapTimes`: a time may put its time of day under its date (the last resort before scrolling).
 */
function fitFloor(plan: ColumnPlan, workflow: WorkflowDef | null | undefined, wrapTimes: boolean): number {
  // A dictionary's tag does not wrap, and its labels are not known here: it keeps its schema width.
  if (plan.kind === 'dictTag') return Number.POSITIVE_INFINITY;
  const least =
    wrapTimes && plan.kind === 'datetime' ? DATE_TEXT + 2 * CELL_PADDING : (leastWidth(plan, workflow) ?? 0);
  const heading = textWidth(plan.title) + 2 * CELL_PADDING + (plan.sortable ? SORTER_WIDTH : 0);
  const masked = plan.mask ? MASKED_TEXT[plan.mask] + 2 * CELL_PADDING : 0;
  return Math.ceil(Math.max(least, heading, masked, plan.ellipsis ? ELLIPSIS_FIT_WIDTH : TEXT_FIT_WIDTH));
}

/**
 * The columns of a fixed-layout table narrowed to the width it has, where their schema widths add
 * up to more: each gives up a like share of what it has above its floor, so a 1440 px screen shows
 * every column beside the fixed 操作 column instead of running the last ones under it (创建时 /
 * 2026-1). Text wraps in the narrower cells and nothing goes under its floor; where the floors do
 * not fit, times wrap between date and time of day, and where even that does not fit, the table
 * scrolls as before. An ellipsis column without a width is given one.
 */
export function fitColumns(
  plans: ColumnPlan[],
  available: number,
  opts: { actionsWidth: number; selectable: boolean; workflow?: WorkflowDef | null },
): ColumnPlan[] {
  if (!available || !plans.some((p) => p.ellipsis)) return plans;
  const fixedPart = opts.actionsWidth + (opts.selectable ? SELECTION_WIDTH : 0);
  const widths = plans.map((p) => p.width ?? (p.ellipsis ? ELLIPSIS_MIN_WIDTH : DEFAULT_MIN_WIDTH));
  const total = widths.reduce((a, b) => a + b, 0);
  if (total + fixedPart <= available) return plans;
  const floorsOf = (wrapTimes: boolean) =>
    plans.map((p, i) => Math.min(widths[i], fitFloor(p, opts.workflow, wrapTimes)));
  const sum = (ws: number[]) => ws.reduce((a, b) => a + b, 0);
  let floors = floorsOf(false);
  if (sum(floors) + fixedPart > available) floors = floorsOf(true);
  const least = sum(floors);
  // Where even the floors do not fit, the table scrolls anyway: the columns keep the room they read best in.
  if (least + fixedPart > available) return plans;
  const share = Math.min(1, (available - fixedPart - least) / (total - least || 1));
  return plans.map((p, i) => ({ ...p, width: Math.floor(floors[i] + (widths[i] - floors[i]) * share) }));
}
