/**
 * The form grid (@formily/antd-v5's), in a box that names it: where the server draws a form, there
 * is no width to measure, and the grid's layout is written as rules for that box instead
 * (gridLayout.ts) into the page's head. The browser draws the same box, so the page it hydrates is
 * the page the server drew; once mounted, the grid lays itself out (its own inline styles win).
 */
import { FormGrid as FormilyGrid } from '@formily/antd-v5';
import { useFieldSchema } from '@formily/react';
import { createContext, useContext, useId } from 'react';
import { gridLayout } from './gridLayout.js';

/** Where the form grids of a server's drawing write their rules; none in the browser. */
const GridRules = createContext<Set<string> | null>(null);
export const GridRulesProvider = GridRules.Provider;

export function FormGrid(props: { maxColumns?: number; minColumns?: number }) {
  const id = useId();
  const fieldSchema = useFieldSchema();
  const rules = useContext(GridRules);
  if (rules) {
    const spans = Object.values(fieldSchema?.properties ?? {}).map((child) =>
      Number((child['x-decorator-props'] as { gridSpan?: number } | undefined)?.gridSpan ?? 1),
    );
    const grid = `[data-ssr-grid="${id}"]>.ant-formily-grid-layout`;
    const layout = gridLayout(spans, props.minColumns ?? 1, props.maxColumns ?? (spans.length || 1));
    rules.add(
      [
        `${grid}{grid-template-columns:repeat(${layout.columns},minmax(0px,1fr))}`,
        ...layout.children.map((column, k) => `${grid}>:nth-child(${k + 1}){grid-column:${column}}`),
      ].join(''),
    );
  }
  return (
    <div data-ssr-grid={id} style={{ display: 'contents' }}>
      <FormilyGrid {...props} />
    </div>
  );
}
