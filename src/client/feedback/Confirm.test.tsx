// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { setupDom } from '../runtime/testing/setupDom.js';
import { keepBodyAside } from '../runtime/testing/keepBodyAside.js';
import { Confirm } from './Confirm.js';

setupDom();
keepBodyAside();
afterEach(cleanup);

describe('confirmation bubbles', () => {
  it('take the focus to 确定 when they open, and give it back to their button when they close', async () => {
    let confirmed = 0;
    const view = render(
      <Confirm title="提交后不能修改，确定提交吗？" okText="确定" cancelText="取消" onConfirm={() => void confirmed++}>
        <Button>提交评分</Button>
      </Confirm>,
    );
    const trigger = view.getByRole('button', { name: /提\s*交\s*评\s*分/ });
    trigger.focus();
    fireEvent.click(trigger);
    await waitFor(() => expect(document.activeElement?.textContent?.replace(/\s/g, '')).toBe('确定'));
    fireEvent.click(document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn:not(.ant-btn-primary)')!);
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(confirmed).toBe(0);
    // Again, answered 确定: it confirms, and the focus is back on the button too.
    fireEvent.click(trigger);
    await waitFor(() => expect(document.activeElement?.textContent?.replace(/\s/g, '')).toBe('确定'));
    fireEvent.click(document.activeElement!);
    await waitFor(() => expect(confirmed).toBe(1));
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('are all drawn through Confirm, so every one moves the focus', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (
          /\.tsx?$/.test(e.name) &&
          !/\.test\.tsx?$/.test(e.name) &&
          p !== path.join(root, 'feedback', 'Confirm.tsx')
        )
          if (/import\s*\{[^}]*\bPopconfirm\b[^}]*\}\s*from\s*'antd'/.test(fs.readFileSync(p, 'utf8')))
            offenders.push(path.relative(root, p));
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });

  it('put the focus on the page heading when what was confirmed took their button away', async () => {
    const { useState } = await import('react');
    function Sheet() {
      const [done, setDone] = useState(false);
      return (
        <>
          <h1 tabIndex={-1}>评分</h1>
          {done ? (
            <p>评分已提交，不能修改</p>
          ) : (
            <Confirm title="确定提交吗？" okText="确定" cancelText="取消" onConfirm={() => setDone(true)}>
              <Button>提交评分</Button>
            </Confirm>
          )}
        </>
      );
    }
    const view = render(<Sheet />);
    fireEvent.click(view.getByRole('button', { name: /提\s*交\s*评\s*分/ }));
    await waitFor(() => expect(document.activeElement?.textContent?.replace(/\s/g, '')).toBe('确定'));
    fireEvent.click(document.activeElement!);
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
  });

  it('put the focus on the page heading when the button goes only once the answer is in', async () => {
    const { useState } = await import('react');
    let answer: () => void = () => undefined;
    function Sheet() {
      const [done, setDone] = useState(false);
      // The bubble closes when the call is sent; the sheet locks when the record read again says so.
      const submit = () => {
        answer = () => setDone(true);
        return Promise.resolve();
      };
      return (
        <>
          <h1 tabIndex={-1}>评分</h1>
          {done ? (
            <p>评分已提交，不能修改</p>
          ) : (
            <Confirm title="确定提交吗？" okText="确定" cancelText="取消" onConfirm={submit}>
              <Button>提交评分</Button>
            </Confirm>
          )}
        </>
      );
    }
    const view = render(<Sheet />);
    const button = view.getByRole('button', { name: /提\s*交\s*评\s*分/ });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(document.activeElement?.textContent?.replace(/\s/g, '')).toBe('确定'));
    fireEvent.click(document.activeElement!);
    await waitFor(() => expect(document.activeElement).toBe(button));
    await act(async () => answer());
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
  });
});
