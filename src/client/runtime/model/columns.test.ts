import { noticeEntity as entity, noticeWorkflowDef as wf } from '../__fixtures__/index.js';
import { formatDate, planColumn, planColumns, richTextToPlain, statusOf } from './columns.js';

describe('planColumn', () => {
  it('shows dictionary fields as labels and the workflow field as a status tag', () => {
    expect(planColumn({ field: 'category' }, entity, wf)).toMatchObject({ kind: 'dict', dict: 'hyly', title: '类别' });
    expect(planColumn({ field: 'category', render: 'tag' }, entity, wf)).toMatchObject({ kind: 'dictTag' });
    expect(planColumn({ field: 'status' }, entity, wf).kind).toBe('status');
    expect(planColumn({ field: 'status', render: 'text' }, entity, wf).kind).toBe('text');
    expect(planColumn({ field: 'status' }, entity, null).kind).toBe('text');
  });
  it('formats dates, booleans, files and links by field type or render', () => {
    expect(planColumn({ field: 'publishDate' }, entity, wf).kind).toBe('date');
    expect(planColumn({ field: 'createdAt' }, entity, wf)).toMatchObject({ kind: 'datetime', title: '创建时间' });
    expect(planColumn({ field: 'isTop' }, entity, wf).kind).toBe('boolean');
    expect(planColumn({ field: 'attachments' }, entity, wf).kind).toBe('files');
    expect(planColumn({ field: 'title', render: 'link', to: '/x?id=:id', label: '名称' }, entity, wf)).toMatchObject({
      kind: 'link',
      to: '/x?id=:id',
      title: '名称',
    });
    expect(planColumn({ field: 'content' }, entity, wf).kind).toBe('richtext');
  });
});

describe('cell values', () => {
  it('formats epoch ms, digit strings and date strings', () => {
    // Midnight of 15 January in the province (UTC+8), whatever zone the machine running this is in.
    const ms = Date.UTC(2024, 0, 14, 16, 0, 0);
    expect(formatDate(ms, false)).toBe('2024-01-15');
    expect(formatDate(String(ms), true)).toBe('2024-01-15 00:00:00');
    expect(formatDate('2024-03-01', false)).toBe('2024-03-01');
    expect(formatDate('2024-03-01', true)).toBe('2024-03-01 00:00:00');
    expect(formatDate('2024-03-01 09:30:05', true)).toBe('2024-03-01 09:30:05');
    expect(formatDate('2024-03-01 09:30:05', false)).toBe('2024-03-01');
    expect(formatDate('2024-03-01T09:30:05', true)).toBe('2024-03-01 09:30:05');
    expect(formatDate(null, false)).toBe('');
    expect(formatDate('not a date', false)).toBe('not a date');
  });
  it("shows a moment in the province's time, not the browser's zone", () => {
    // 01:30 UTC is 09:30 in the province; a browser set to UTC showed 01:30 (logs 8 hours behind the lists).
    expect(formatDate(Date.UTC(2026, 10, 26, 1, 30, 5), true)).toBe('2026-11-26 09:30:05');
    expect(formatDate(String(Date.UTC(2026, 10, 26, 17, 0, 0)), false)).toBe('2026-11-27');
    expect(formatDate('2026-11-26T01:30:05Z', true)).toBe('2026-11-26 09:30:05');
  });
  it('finds status labels for numeric and string codes', () => {
    expect(statusOf(wf, 1)?.label).toBe('已发布');
    expect(statusOf(wf, '9')).toBeUndefined();
  });
  it('turns rich text into plain text for cells', () => {
    expect(richTextToPlain('<p>a&amp;b</p><script>x</script><b>c</b>')).toBe('a&b x c');
  });
});

describe('planColumns widths', () => {
  it('gives a time, a date and a status tag the width their text needs on one line (创建时间 under a fixed 操作)', () => {
    const [created, published, status, title] = planColumns(
      [
        { field: 'createdAt', sortable: true },
        { field: 'publishDate', width: 60 },
        { field: 'status' },
        { field: 'title' },
      ],
      entity,
      wf,
    );
    // 2026-11-26 10:00:00 is 19 characters of about 8 px, with the cell's padding either side.
    expect(created.width).toBeGreaterThanOrEqual(19 * 8 + 32);
    expect(published.width).toBeGreaterThanOrEqual(10 * 8 + 32);
    const longest = Math.max(...wf.statuses.map((s) => s.label.length));
    expect(status.width).toBeGreaterThanOrEqual(longest * 14 + 32);
    // A text column that may wrap keeps its share of the table.
    expect(title.width).toBeUndefined();
  });
});
