// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { setupDom } from '../../../../runtime/testing/setupDom.js';
import { IdentityFlag } from './IdentityFlag.js';

setupDom();
afterEach(cleanup);

describe('the identity flag on the allocation page', () => {
  it('names the words a 活页 gives away, and says when it is clean or not read yet', () => {
    const { container } = render(
      <IdentityFlag
        scan={{
          state: 'found',
          findings: [
            { word: '张明远', kind: '姓名', page: 2 },
            { word: '青松中学', kind: '单位', paragraph: 3 },
          ],
        }}
      />,
    );
    expect(container.textContent).toBe('疑似含身份信息：张明远、青松中学');
    // However many words, they wrap in the column (a tag keeps to one line otherwise, under the next column).
    expect(container.querySelector<HTMLElement>('.rt-identity-flag')!.style.whiteSpace).toBe('normal');
    cleanup();
    render(<IdentityFlag scan={{ state: 'clean', findings: [] }} />);
    expect(screen.getByText('未发现身份信息')).toBeTruthy();
    cleanup();
    render(<IdentityFlag scan={{ state: 'pending', findings: [] }} />);
    expect(screen.getByText('转换中，待检查')).toBeTruthy();
    cleanup();
    const none = render(<IdentityFlag scan={undefined} />);
    expect(none.container.textContent).toBe('');
  });
});
