// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ResolvedAction } from '../model/actions.js';
import { setupDom } from '../testing/setupDom.js';
import { COMMENT_REQUIRED, CommentDialog } from './CommentDialog.js';

setupDom();
afterEach(cleanup);

const sendBack: ResolvedAction = {
  key: '退回',
  type: 'transition',
  label: '退回',
  comment: 'required',
  primary: false,
  danger: false,
};

describe('CommentDialog', () => {
  it('says 请输入意见 in the error colour, sends nothing, and clears it once the user writes', async () => {
    const sent: string[] = [];
    render(<CommentDialog action={sendBack} open onClose={() => undefined} onOk={async (c) => void sent.push(c)} />);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(COMMENT_REQUIRED);
    expect(alert.classList.contains('ant-typography-danger')).toBe(true);
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByPlaceholderText(COMMENT_REQUIRED), { target: { value: '材料不全' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
