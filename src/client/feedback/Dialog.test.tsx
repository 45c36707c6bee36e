// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { setupDom } from '../runtime/testing/setupDom.js';
import { keepBodyAside } from '../runtime/testing/keepBodyAside.js';
import { Dialog, DIALOG_WIDTH } from './Dialog.js';

setupDom();
keepBodyAside();
afterEach(cleanup);

const width = () => (document.querySelector('.ant-modal') as HTMLElement | null)?.style.width;

describe('dialogs', () => {
  it('are 600 px wide unless they say otherwise (SPEC §9)', () => {
    expect(DIALOG_WIDTH).toBe(600);
    render(
      <Dialog open title="强制结束评审">
        正文
      </Dialog>,
    );
    expect(width()).toBe('600px');
    cleanup();
    document.body.innerHTML = '';
    render(
      <Dialog open title="用户登录" width={320}>
        正文
      </Dialog>,
    );
    expect(width()).toBe('320px');
  });

  it('are all drawn through Dialog, so the default is kept in one place', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (
          /\.tsx?$/.test(e.name) &&
          !/\.test\.tsx?$/.test(e.name) &&
          p !== path.join(root, 'feedback', 'Dialog.tsx')
        ) {
          const text = fs.readFileSync(p, 'utf8');
          if (
            /import\s*\{[^}]*\bModal\b[^}]*\}\s*from\s*'antd'/.test(text) ||
            /\bModal\.(confirm|info|warning|error|success)\(/.test(text)
          )
            offenders.push(path.relative(root, p));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

describe('dialog focus', () => {
  it('moves to the first field when a dialog opens, and back to what had it when it closes', async () => {
    const { Input } = await import('antd');
    const { fireEvent, waitFor } = await import('@testing-library/react');
    const { useState } = await import('react');
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            退回
          </button>
          <Dialog open={open} title="退回" onCancel={() => setOpen(false)}>
            <p>请输入意见</p>
            <Input disabled aria-label="已填" />
            <Input.TextArea aria-label="意见" />
          </Dialog>
        </>
      );
    }
    const view = render(<Opener />);
    const trigger = view.getByText('退回', { selector: 'button' });
    trigger.focus();
    fireEvent.click(trigger);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('意见'));
    fireEvent.click(document.querySelector('.ant-modal-close')!);
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
