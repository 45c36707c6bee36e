// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { setupDom } from '../../testing/setupDom.js';
import { RichTextEditor } from './RichTextEditor.js';

setupDom();
afterEach(cleanup);

describe('RichTextEditor', () => {
  it('keeps formatting, lists, links and images of stored content in the editor', () => {
    const html =
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em><a href="https://e.test/">链</a></p><ul><li><p>项</p></li></ul><img src="https://e.test/a.png">';
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

  it("names its writing area by the field's label (a textbox a screen reader can announce)", () => {
    const { container } = render(<RichTextEditor value="" aria-label="通知内容" />);
    const doc = container.querySelector('.ProseMirror')!;
    expect(doc.getAttribute('role')).toBe('textbox');
    expect(doc.getAttribute('aria-label')).toBe('通知内容');
  });

  it('keeps alignment and tables, and names every toolbar button', () => {
    const html =
      '<p style="text-align: center">居中</p><table><tbody><tr><th><p>阶段</p></th><th><p>时间</p></th></tr><tr><td><p>开题</p></td><td><p>三月</p></td></tr></tbody></table>';
    const { container } = render(<RichTextEditor value={html} belongType="announcement.content" />);
    const doc = container.querySelector('.ProseMirror')!;
    expect(doc.querySelector('p')?.getAttribute('style')).toContain('text-align: center');
    expect([...doc.querySelectorAll('th')].map((c) => c.textContent)).toEqual(['阶段', '时间']);
    expect([...doc.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['开题', '三月']);
    const names = [...container.querySelectorAll('.runtime-richtext-toolbar button')].map((b) =>
      b.getAttribute('aria-label'),
    );
    expect(names.every((n) => !!n)).toBe(true);
    expect(names).toEqual(
      expect.arrayContaining([
        '加粗',
        '斜体',
        '标题 H2',
        '小标题 H3',
        '无序列表',
        '有序列表',
        '左对齐',
        '居中',
        '右对齐',
        '插入表格',
        '链接',
        '插入图片',
      ]),
    );
  });

  it('keeps the focus in the text when a format button is pressed with the mouse', () => {
    const { container } = render(<RichTextEditor value="<p>文</p>" />);
    for (const name of ['加粗', '无序列表', '居中', '插入表格']) {
      const button = container.querySelector(`.runtime-richtext-toolbar button[aria-label="${name}"]`)!;
      // fireEvent answers false when a handler called preventDefault: the browser then moves no focus.
      expect(fireEvent.mouseDown(button)).toBe(false);
    }
    // The link button opens a dialog that takes the focus anyway, and gives it back to the button.
    expect(fireEvent.mouseDown(container.querySelector('.runtime-richtext-toolbar button[aria-label="链接"]')!)).toBe(
      true,
    );
  });

  it('offers no picture upload where the field is unknown', () => {
    const { container } = render(<RichTextEditor value="" />);
    expect(container.querySelector('button[aria-label="插入图片"]')).toBeNull();
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
