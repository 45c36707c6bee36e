// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../api/session.js';
import { announceDataChanged } from '../runtime/dataChanged.js';
import { ShellProvider, useShell } from './ShellContext.js';

const leader = {
  username: 'leader1',
  realName: '张老师',
  roleCode: '4',
  roleName: '课题负责人',
  isAdmin: false,
  token: 'tok',
  csrfToken: 'c',
  roleList: [{ roleCode: '4', roleName: '课题负责人', engName: 'FZR' }],
  subSystemId: 1,
};

let todo: number;
let menuCalls: number;

function Badge() {
  const { menu } = useShell();
  const num = menu?.[0]?.num;
  return <span data-testid="badge">{menu ? String(num) : '加载中'}</span>;
}

beforeEach(() => {
  todo = 3;
  menuCalls = 0;
  session.clear();
  session.save(leader as never);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0];
      const ok = (data: unknown) =>
        new Response(JSON.stringify({ flag: true, data, result: 'ok' }), {
          headers: { 'content-type': 'application/json' },
        });
      if (path === '/api/home/queryMenuList') {
        menuCalls++;
        return ok([{ name: '我的课题列表', path: '/projectManagement/projectList', num: todo, numLabel: '待办' }]);
      }
      return ok([]);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.clear();
});

describe('the menu badges', () => {
  it('are read again after a write, without a reload, keeping the menu on screen meanwhile', async () => {
    render(
      <ShellProvider routes={[]} settings={null}>
        <Badge />
      </ShellProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('3'));
    const before = menuCalls;
    todo = 2;
    act(() => {
      announceDataChanged();
      announceDataChanged();
    });
    expect(screen.getByTestId('badge').textContent).toBe('3');
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('2'));
    // A burst of writes is one reload.
    expect(menuCalls).toBe(before + 1);
  });
});
