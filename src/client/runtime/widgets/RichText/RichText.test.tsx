// @vitest-environment jsdom
// @fresh-modules: the editor's chunk must not be loaded yet when the first test renders.
import { cleanup, render, waitFor } from '@testing-library/react';
import { setupDom } from '../../testing/setupDom.js';
import { RichTextField, RichTextView } from './RichText.js';

setupDom();
afterEach(cleanup);

describe('RichText', () => {
  it('shows a placeholder of the editor until the editor chunk has loaded, then the editor', async () => {
    const { container } = render(<RichTextField value="<p>内容</p>" />);
    expect(container.querySelector('.runtime-lazy-loading')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('.ProseMirror')).not.toBeNull(), { timeout: 20_000 });
    expect(container.querySelector('.runtime-lazy-loading')).toBeNull();
    expect(container.querySelector('.ProseMirror')!.textContent).toBe('内容');
    expect(container.querySelector('.runtime-richtext button[aria-label="加粗"]')).not.toBeNull();
  });

  it('shows stored HTML read-pretty through the allow-list', () => {
    const { container } = render(<RichTextView value={'<p>好</p><img src="x" onerror="alert(1)">'} />);
    expect(container.querySelector('.runtime-richtext-view')!.innerHTML).toBe('<p>好</p><img src="x">');
    cleanup();
    expect(render(<RichTextView value="" />).container.textContent).toBe('-');
  });
});
