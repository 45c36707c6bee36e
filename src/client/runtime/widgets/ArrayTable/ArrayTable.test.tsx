// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import type { RowsDef } from '../../../../shared/schema/types.js';
import { RuntimeProvider } from '../../RuntimeContext.js';
import { createFixtureDataProvider } from '../../testing/fixtureDataProvider.js';
import { setupDom } from '../../testing/setupDom.js';
import { ArrayTable, ArrayTableView } from './ArrayTable.js';
import { Input } from '../Input/Input.js';

setupDom();
afterEach(cleanup);

const COLUMNS = [
  { key: 'name', title: '姓名' },
  { key: 'idCard', title: '身份证号', mask: 'idCard' as const },
];

const MEMBER_ROWS: RowsDef = {
  fields: {
    name: { type: 'string', label: '姓名', textFilter: true },
    idCard: { type: 'string', label: '身份证号', format: 'idCard' },
  },
};

function Edited({
  initial,
  seen,
  rows,
}: {
  initial: Record<string, unknown>[];
  seen: (rows: Record<string, unknown>[]) => void;
  rows?: RowsDef;
}) {
  const [value, setValue] = useState(initial);
  return (
    <ArrayTable
      value={value}
      columns={COLUMNS}
      rows={rows}
      field="members"
      fieldLabel="课题组成员"
      onChange={(next: Record<string, unknown>[]) => {
        seen(next);
        setValue(next);
      }}
    />
  );
}

describe('ArrayTable', () => {
  it('keeps the input being typed in, gives back rows without its own keys, and deletes the row asked', () => {
    const warned = vi.spyOn(console, 'error');
    const changes: Record<string, unknown>[][] = [];
    const { container, getByLabelText } = render(
      <Edited
        initial={[
          { name: '张三', idCard: '' },
          { name: '李四', idCard: '' },
        ]}
        seen={(r) => changes.push(r)}
      />,
    );
    const input = getByLabelText('姓名（第2行）') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '李四五' } });
    // The same element after the row's object was replaced: its key is its place, not the object.
    expect(getByLabelText('姓名（第2行）')).toBe(input);
    expect(input.value).toBe('李四五');
    expect(changes.at(-1)).toEqual([
      { name: '张三', idCard: '' },
      { name: '李四五', idCard: '' },
    ]);
    fireEvent.click(getByLabelText('删除第1行'));
    expect(changes.at(-1)).toEqual([{ name: '李四五', idCard: '' }]);
    expect([...container.querySelectorAll('tr[data-row-key]')].map((r) => r.getAttribute('data-row-key'))).toEqual([
      '0',
    ]);
    // antd deprecated the index its rowKey function was given.
    expect(warned.mock.calls.filter((c) => String(c[0]).includes('rowKey'))).toEqual([]);
    warned.mockRestore();
  });

  it("shows a stored number in its cell (a saved template's 满分), not an empty input", () => {
    const { getByLabelText } = render(
      <ArrayTable
        value={[{ name: '选题价值', maxScore: 30, weight: 1 }]}
        columns={[
          { key: 'name', title: '指标名称' },
          { key: 'maxScore', title: '满分' },
          { key: 'weight', title: '权重' },
        ]}
        onChange={() => undefined}
      />,
    );
    expect((getByLabelText('满分（第1行）') as HTMLInputElement).value).toBe('30');
    expect((getByLabelText('权重（第1行）') as HTMLInputElement).value).toBe('1');
  });

  it('shows rows read-only with their masks, keyed rows too', () => {
    const { container } = render(
      <ArrayTableView
        value={{ 开题: { name: '王五', idCard: '130102199001011234' } }}
        keyedBy="stage"
        columns={[{ key: 'stage', title: '阶段' }, ...COLUMNS]}
      />,
    );
    const cells = [...container.querySelectorAll('tbody tr[data-row-key] td')].map((td) => td.textContent);
    expect(cells[1]).toBe('开题');
    expect(cells[2]).toBe('王五');
    expect(cells[3]).not.toContain('19900101');
  });

  it("shows a bad cell's message at the cell once it is typed in, not before", () => {
    const { container, getByLabelText } = render(
      <Edited initial={[{ name: '张三', idCard: 'bad-id' }]} seen={() => undefined} rows={MEMBER_ROWS} />,
    );
    // A stored bad value says nothing until the user touches it or the form validates.
    expect(container.querySelector('.runtime-array-cell-error')).toBeNull();
    fireEvent.change(getByLabelText('身份证号（第1行）'), { target: { value: 'bad-id2' } });
    expect(container.querySelector('.runtime-array-cell-error')?.textContent).toBe('身份证号格式不正确');
    fireEvent.change(getByLabelText('身份证号（第1行）'), { target: { value: '11010519491231002X' } });
    expect(container.querySelector('.runtime-array-cell-error')).toBeNull();
  });

  it('drops emoji from a cell whose column has the text filter', () => {
    const changes: Record<string, unknown>[][] = [];
    const { getByLabelText } = render(
      <Edited initial={[{ name: '', idCard: '' }]} seen={(r) => changes.push(r)} rows={MEMBER_ROWS} />,
    );
    fireEvent.change(getByLabelText('姓名（第1行）'), { target: { value: '张😀三' } });
    expect(changes.at(-1)).toEqual([{ name: '张三', idCard: '' }]);
  });

  it('shows dictionary labels and times of the row definition, not codes and epoch numbers', async () => {
    const psjd = { type: 'psjd', label: '评审阶段', options: [{ value: '1', text: '立项评审' }] };
    const dp = createFixtureDataProvider({ pages: [], entities: [], workflows: [], dictionaries: [psjd] });
    const rows: RowsDef = {
      fields: {
        stage: { type: 'string', label: '阶段', dict: 'psjd' },
        endedAt: { type: 'datetime', label: '评审结束时间' },
      },
    };
    const { container } = render(
      <RuntimeProvider dataProvider={dp} user={null}>
        <ArrayTableView
          value={{ 1: { endedAt: Date.UTC(2026, 10, 26, 1, 30, 0) } }}
          keyedBy="stage"
          rows={rows}
          columns={[
            { key: 'stage', title: '阶段' },
            { key: 'endedAt', title: '评审结束时间' },
          ]}
        />
      </RuntimeProvider>,
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    const cells = [...container.querySelectorAll('tbody tr[data-row-key] td')].map((td) => td.textContent);
    expect(cells.slice(1)).toEqual(['立项评审', '2026-11-26 09:30:00']);
  });
});

describe('text inputs with the text filter', () => {
  it('keep only what SPEC §5 allows as typed, and nothing changes without the flag', () => {
    const seen: unknown[] = [];
    const { getAllByRole } = render(
      <>
        <Input textFilter onChange={(v: unknown) => seen.push(v)} />
        <Input onChange={(e: { target: { value: string } }) => seen.push(e.target.value)} />
      </>,
    );
    const [filtered, plain] = getAllByRole('textbox');
    fireEvent.change(filtered, { target: { value: '课题😀名称' } });
    fireEvent.change(plain, { target: { value: '课题😀' } });
    expect(seen).toEqual(['课题名称', '课题😀']);
  });
});
