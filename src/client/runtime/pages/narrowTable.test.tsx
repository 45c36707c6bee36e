// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { narrowTable } from './narrowTable.js';

type Row = Record<string, unknown>;
const COLUMNS = [
  { key: '_n', title: '序号', width: 60, render: (_v: unknown, _r: Row, i: number) => i + 1 },
  { key: 'title', dataIndex: 'title', title: '标题', width: 300, ellipsis: true },
  { key: 'year', dataIndex: 'year', title: '年度', width: 100 },
  { key: 'day', dataIndex: 'day', title: '发布时间', render: (v: unknown) => `日期 ${String(v)}` },
  { key: '_actions', title: '操作', fixed: 'right' as const, width: 120 },
];

describe('narrowTable', () => {
  it('leaves the table as it was on a wide screen', () => {
    const shown = narrowTable<Row>(COLUMNS, false, { skip: 1 });
    expect(shown.columns).toBe(COLUMNS);
    expect(shown.expandable).toBeUndefined();
  });

  it('on a phone keeps the key column and the actions, without widths, and opens the rest under the row', () => {
    const shown = narrowTable<Row>(COLUMNS, true, { skip: 1 });
    expect(shown.columns.map((c) => c.key)).toEqual(['title', '_actions']);
    expect(
      shown.columns.every((c) => c.width === undefined && !c.fixed && !(c as { ellipsis?: boolean }).ellipsis),
    ).toBe(true);
    render(<>{shown.expandable!.expandedRowRender!({ title: 'A', year: 2024, day: '2026-11-29' }, 0, 0, true)}</>);
    expect(screen.getByText('年度').nextSibling?.textContent).toBe('2024');
    expect(screen.getByText('发布时间').nextSibling?.textContent).toBe('日期 2026-11-29');
    // The counter is not repeated in the opened row.
    expect(screen.queryByText('序号')).toBeNull();
  });

  it('needs no opening row when the key column is all there is', () => {
    const shown = narrowTable<Row>(COLUMNS.slice(1, 2), true);
    expect(shown.expandable).toBeUndefined();
  });
});
