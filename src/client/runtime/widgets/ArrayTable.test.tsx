// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { setupDom } from '../testing/setupDom.js';
import { ArrayTable, ArrayTableView } from './ArrayTable.js';

setupDom();
afterEach(cleanup);

const COLUMNS = [{ key: 'name', title: '姓名' }, { key: 'idCard', title: '身份证号', mask: 'idCard' as const }];

function Edited({ initial, seen }: { initial: Record<string, unknown>[]; seen: (rows: Record<string, unknown>[]) => void }) {
  const [rows, setRows] = useState(initial);
  return <ArrayTable value={rows} columns={COLUMNS} onChange={(next: Record<string, unknown>[]) => { seen(next); setRows(next); }} />;
}

describe('ArrayTable', () => {
  it('keeps the input being typed in, gives back rows without its own keys, and deletes the row asked', () => {
    const warned = vi.spyOn(console, 'error');
    const changes: Record<string, unknown>[][] = [];
    const { container, getByLabelText } = render(<Edited initial={[{ name: '张三', idCard: '' }, { name: '李四', idCard: '' }]} seen={(r) => changes.push(r)} />);
    const input = getByLabelText('姓名（第2行）') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '李四五' } });
    // The same element after the row's object was replaced: its key is its place, not the object.
    expect(getByLabelText('姓名（第2行）')).toBe(input);
    expect(input.value).toBe('李四五');
    expect(changes.at(-1)).toEqual([{ name: '张三', idCard: '' }, { name: '李四五', idCard: '' }]);
    fireEvent.click(getByLabelText('删除第1行'));
    expect(changes.at(-1)).toEqual([{ name: '李四五', idCard: '' }]);
    expect([...container.querySelectorAll('tr[data-row-key]')].map((r) => r.getAttribute('data-row-key'))).toEqual(['0']);
    // antd deprecated the index its rowKey function was given.
    expect(warned.mock.calls.filter((c) => String(c[0]).includes('rowKey'))).toEqual([]);
    warned.mockRestore();
  });

  it('shows rows read-only with their masks, keyed rows too', () => {
    const { container } = render(<ArrayTableView value={{ 开题: { name: '王五', idCard: '130102199001011234' } }} keyedBy="stage"
      columns={[{ key: 'stage', title: '阶段' }, ...COLUMNS]} />);
    const cells = [...container.querySelectorAll('tbody tr[data-row-key] td')].map((td) => td.textContent);
    expect(cells[1]).toBe('开题');
    expect(cells[2]).toBe('王五');
    expect(cells[3]).not.toContain('19900101');
  });
});
