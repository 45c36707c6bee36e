// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ResolvedAction } from '../../model/actions.js';
import { setupDom } from '../../testing/setupDom.js';
import { ActionButton } from '../ActionButton.js';
import { asksAtButton, RowMoreActions } from './RowMoreActions.js';

setupDom();
afterEach(cleanup);

const action = (key: string, type: ResolvedAction['type'], more: Partial<ResolvedAction> = {}): ResolvedAction => ({
  key,
  type,
  label: key,
  comment: 'none',
  primary: false,
  danger: false,
  ...more,
});

const exportResult = action('导出结果', 'download', { url: 'review/export?batchId=:id' });
const remove = action('删除', 'delete', { confirm: '确定删除吗？' });
const open = () => document.querySelector('.ant-popover:not(.ant-popover-hidden) .runtime-more-actions');

describe('更多 of a list row', () => {
  it('closes once an action done by its press is chosen, and stays open for one that asks first', async () => {
    const pressed: string[] = [];
    render(
      <RowMoreActions
        actions={[exportResult, remove]}
        render={(a) => <button onClick={() => pressed.push(a.key)}>{a.label}</button>}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /更\s*多/ }));
    await waitFor(() => expect(open()).not.toBeNull());
    // Left open, the menu would cover the 更多 of the rows below.
    fireEvent.click(screen.getByRole('button', { name: '导出结果' }));
    await waitFor(() => expect(open()).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /更\s*多/ }));
    await waitFor(() => expect(open()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(open()).not.toBeNull();
    expect(pressed).toEqual(['导出结果', '删除']);
  });

  it('closes once the bubble asked in it is answered, the row staying (a refused 删除)', async () => {
    const run = vi.fn(async () => false);
    render(
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <RowMoreActions
          actions={[remove]}
          render={(a, answered) => (
            <ActionButton action={a} rows={[{ id: '7' }]} run={run} variant="row" onAnswered={answered} />
          )}
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /更\s*多/ }));
    await waitFor(() => expect(open()).not.toBeNull());
    fireEvent.click(within(open() as HTMLElement).getByRole('button', { name: /删\s*除/ }));
    const bubble = await waitFor(() => {
      const b = document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)');
      expect(b).not.toBeNull();
      return b as HTMLElement;
    });
    fireEvent.click(within(bubble).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(open()).toBeNull());
  });

  it('keeps the menu open only under a popconfirm: a comment or picking dialog closes it (退回 of 课题审核管理)', () => {
    expect(asksAtButton(remove)).toBe(true);
    expect(asksAtButton(action('退回', 'transition', { comment: 'required', confirm: '确定退回吗？' }))).toBe(false);
    expect(asksAtButton(action('申报', 'link', { pick: {} as ResolvedAction['pick'] }))).toBe(false);
    expect(asksAtButton(action('查看', 'link', { to: '/x?id=:id' }))).toBe(false);
    expect(asksAtButton(exportResult)).toBe(false);
    expect(asksAtButton(action('发布', 'transition'))).toBe(false);
  });
});
