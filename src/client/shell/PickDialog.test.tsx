// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setupDom } from '../runtime/testing/setupDom.js';
import { SubSystemSwitchDialog } from './SubSystemSwitchDialog.js';
import { RoleSwitchDialog } from './RoleSwitchDialog.js';
import type { UserInfo } from '../api/session.js';

const switched = vi.hoisted(() => ({ role: [] as string[], subSystem: [] as [number, boolean][] }));
vi.mock('./auth.js', async (original) => ({
  ...(await original<typeof import('./auth.js')>()),
  switchRole: async (engName: string) => void switched.role.push(engName),
  switchSubSystem: async (id: number, setDefault: boolean) => void switched.subSystem.push([id, setDefault]),
}));

setupDom();
afterEach(cleanup);
const btn = (name: string) => new RegExp(`^${name.split('').join('\\s*')}$`);

describe('the pick dialogs of role and sub-system', () => {
  it('switches to the chosen role', async () => {
    const user = {
      roleCode: '2',
      roleList: [
        { roleCode: '2', roleName: '省级管理员', engName: 'PROVINCE' },
        { roleCode: '5', roleName: '评审专家', engName: 'ZJ' },
      ],
    } as unknown as UserInfo;
    const onClose = vi.fn();
    render(
      <MemoryRouter>
        <RoleSwitchDialog open user={user} onClose={onClose} />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('radio', { name: '评审专家' }));
    fireEvent.click(screen.getByRole('button', { name: btn('确定') }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(switched.role).toEqual(['ZJ']);
  });

  it("switches sub-system, the default box following the chosen one's flag unless ticked", async () => {
    const onSwitched = vi.fn();
    const subSystems = [
      { id: 1, systemName: '课题管理', defaultFlag: 1 },
      { id: 2, systemName: '成果管理', defaultFlag: 0 },
    ] as never[];
    render(
      <MemoryRouter>
        <SubSystemSwitchDialog
          open
          subSystems={subSystems}
          current={subSystems[0]}
          onClose={vi.fn()}
          onSwitched={onSwitched}
        />
      </MemoryRouter>,
    );
    const box = (await screen.findByRole('checkbox', { name: '设为默认子系统' })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '成果管理' }));
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: btn('确定') }));
    await waitFor(() => expect(onSwitched).toHaveBeenCalled());
    expect(switched.subSystem).toEqual([[2, true]]);
  });
});
