// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { ResourceRecord } from '../../../../shared/schema/types.js';
import type { ResolvedAction } from '../../model/actions.js';
import { setupDom } from '../../testing/setupDom.js';
import { useActionDialog } from '../ActionDialog.js';
import { COMMENT_REQUIRED } from '../CommentDialog.js';
import type { RunAction } from '../useActionRunner.js';
import { RowActions } from './RowActions.js';

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

// 课题审核管理 for a city admin: 退回 asks for an opinion and does not fit beside the others.
const actions = [
  action('查看', 'link', { to: '/topic?id=:id' }),
  action('审核通过', 'transition', { action: 'cityApprove', comment: 'optional' }),
  action('操作记录', 'link', { to: '/log?id=:id' }),
  action('退回', 'transition', { action: 'cityReturn', comment: 'required' }),
];
const row: ResourceRecord = { id: '7', name: '课题甲' };
const btn = (name: string) => new RegExp(`^${name.split('').join('\\s*')}$`);
const popover = () => document.querySelector('.ant-popover:not(.ant-popover-hidden) .runtime-more-actions');

/** A list's 操作 cell under the dialog the list owns; `hideRow` takes the row (and its 更多) away. */
function List({ run }: { run: RunAction }) {
  const { openDialog, dialog } = useActionDialog(run);
  const [rowShown, setRowShown] = useState(true);
  return (
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      {rowShown ? <RowActions actions={actions} row={row} width={190} run={run} openDialog={openDialog} /> : null}
      <button onClick={() => setRowShown(false)}>hideRow</button>
      {dialog}
    </MemoryRouter>
  );
}

describe('a row action asking for an opinion from 更多', () => {
  it('closes 更多 and keeps its dialog, owned by the list, even once the row and its popover are gone', async () => {
    const sent: Array<[string, unknown, string | undefined]> = [];
    const run: RunAction = async (a, rows, extra) => {
      sent.push([a.key, rows[0]?.id, extra?.comment]);
      return true;
    };
    render(<List run={run} />);
    expect(screen.queryByRole('button', { name: btn('退回') })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /更\s*多/ }));
    await waitFor(() => expect(popover()).not.toBeNull());
    fireEvent.click(within(popover() as HTMLElement).getByRole('button', { name: btn('退回') }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(popover()).toBeNull());
    // The dialog is not drawn from the popover's content: taking the row away leaves it open.
    expect(dialog.closest('.ant-popover')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'hideRow' }));
    expect(document.querySelector('.runtime-more-button')).toBeNull();
    expect(screen.getByRole('dialog')).toBe(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: btn('确定') }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(COMMENT_REQUIRED);
    expect(alert.classList.contains('ant-typography-danger')).toBe(true);
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '材料不全' } });
    await new Promise((r) => setTimeout(r, 650)); // the dialog's confirm guard ignores clicks within 600 ms
    fireEvent.click(within(dialog).getByRole('button', { name: btn('确定') }));
    await waitFor(() => expect(sent).toEqual([['退回', '7', '材料不全']]));
  });
});
