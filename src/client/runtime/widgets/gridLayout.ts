/**
 * Formily's grid lays its fields out once it has measured itself in the browser: as many columns
 * as its fields' spans add up to, within its bounds, at a width where they all fit (@formily/grid
 * `columns`), and each field's span cut to what is left of its row (`resolveChildren`). The server
 * has no width to measure: it writes that layout as rules for the grid (FormGrid.tsx; a phone's one
 * column is formPage.css's, !important over them). No React here.
 */
export function gridLayout(
  spans: number[],
  minColumns: number,
  maxColumns: number,
): { columns: number; children: string[] } {
  const total = spans.reduce((sum, s) => sum + (s === -1 ? 1 : s), 0);
  const columns = Math.max(minColumns, Math.min(maxColumns, Math.max(total, 1)));
  let walked = 0;
  const children = spans.map((origin) => {
    const remain = columns - (walked % columns);
    if (origin === -1) {
      walked += remain;
      return `span ${remain} / -1`;
    }
    const span = Math.min(origin, columns, remain);
    walked += span;
    return `span ${span} / auto`;
  });
  return { columns, children };
}
