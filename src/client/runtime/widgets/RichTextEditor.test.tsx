// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { setupDom } from '../testing/setupDom.js';
import { RichTextEditor } from './RichTextEditor.js';

setupDom();
afterEach(cleanup);

describe('RichTextEditor', () => {
  it('keeps formatting, lists, links and images of stored content in the editor', () => {
    const html = '<h2>标题</h2><p><strong>粗</strong><em>斜</em><a href="https://e.test/">链</a></p><ul><li><p>项</p></li></ul><img src="https://e.test/a.png">';
    const { container } = render(<RichTextEditor value={html} />);
    const doc = container.querySelector('.ProseMirror')!;
    expect(doc.getAttribute('contenteditable')).toBe('true');
    expect(doc.querySelector('h2')?.textContent).toBe('标题');
    expect(doc.querySelector('strong')?.textContent).toBe('粗');
    expect(doc.querySelector('em')?.textContent).toBe('斜');
    expect(doc.querySelector('a')?.getAttribute('href')).toBe('https://e.test/');
    expect(doc.querySelector('ul li')?.textContent).toBe('项');
    expect(doc.querySelector('img')?.getAttribute('src')).toBe('https://e.test/a.png');
  });

  it('drops script and handlers its document schema does not know', () => {
    const { container } = render(<RichTextEditor value={'<p onclick="x()">文<script>alert(1)</script></p>'} />);
    const doc = container.querySelector('.ProseMirror')!;
    expect(doc.textContent).toBe('文');
    expect(doc.innerHTML).not.toMatch(/script|onclick/);
  });

  it('takes a value set from outside (a record loaded later) and is read-only when disabled', () => {
    const { container, rerender } = render(<RichTextEditor value="" disabled />);
    expect(container.querySelector('.ProseMirror')!.getAttribute('contenteditable')).toBe('false');
    rerender(<RichTextEditor value="<p>后来的内容</p>" disabled />);
    expect(container.querySelector('.ProseMirror')!.textContent).toBe('后来的内容');
  });
});
