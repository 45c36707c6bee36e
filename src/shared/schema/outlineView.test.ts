import { describe, expect, it } from 'vitest';
import { schemaOutline } from './schemaOutline.js';
import { settledFor } from './outlineView.js';
import type { TransitionDef } from './types.js';

const list = {
  kind: 'list',
  id: 'sample.list',
  title: '样例列表',
  columns: [{ field: 'name', label: '名称' }],
  rowActions: [
    { type: 'link', label: '申报', to: '/apply', roles: ['4'] },
    { type: 'transition', action: 'approve', label: '审核通过' },
    { type: 'link', label: '编辑', to: '/edit', visible: { '==': [{ var: 'user.roleCode' }, '3'] } },
    { type: 'link', label: '查看', to: '/look', visible: { '==': [{ var: 'record.status' }, '1'] } },
  ],
};
const approve = { action: 'approve', roles: ['3'], actor: 'user' } as unknown as TransitionDef;
const view = (roleCode: string | null) => ({
  roleCode,
  transitions: (a: string) => (a === 'approve' ? [approve] : []),
});
const actions = (roleCode: string | null) =>
  schemaOutline(list, undefined, view(roleCode))
    .filter((l) => l.startsWith('    '))
    .map((l) => l.trim());

describe('a page outline as one role meets it', () => {
  it('leaves out what the role is not given and settles conditions on the role alone', () => {
    expect(actions('4')).toEqual([
      '名称（name）',
      '申报（link → /apply）',
      '查看（link → /look） 显示条件 {"==":[{"var":"record.status"},"1"]}',
    ]);
    expect(actions('3')).toEqual([
      '名称（name）',
      '审核通过（transition → approve）',
      '编辑（link → /edit）',
      '查看（link → /look） 显示条件 {"==":[{"var":"record.status"},"1"]}',
    ]);
    // A visitor fires no transition and holds no role.
    expect(actions(null)).toEqual([
      '名称（name）',
      '查看（link → /look） 显示条件 {"==":[{"var":"record.status"},"1"]}',
    ]);
  });

  it('draws every part, its conditions beside it, without a view', () => {
    expect(schemaOutline(list).filter((l) => l.startsWith('    '))).toHaveLength(5);
  });

  it('settles only conditions that read the role and nothing else', () => {
    const v = { roleCode: '2' };
    expect(settledFor({ in: [{ var: 'user.roleCode' }, ['1', '2']] }, v)).toBe(true);
    expect(settledFor({ '!=': [{ var: ['user.roleCode', ''] }, '2'] }, v)).toBe(false);
    expect(settledFor({ and: [{ var: 'user.roleCode' }, { var: 'record.id' }] }, v)).toBeUndefined();
    expect(settledFor(undefined, v)).toBeUndefined();
  });
});
