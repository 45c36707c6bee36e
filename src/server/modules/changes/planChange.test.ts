import { describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../shared/schema/types.js';
import type { ChangeKinds } from './changeKinds.js';
import { planChange, sameValue, snapshotOld } from './planChange.js';

const target = {
  name: 'topic',
  label: '课题',
  fields: {
    name: { type: 'string', label: '课题名称' },
    members: { type: 'json', label: '课题成员' },
    endDate: { type: 'date', label: '计划完成时间' },
  },
  access: { read: [] },
} as unknown as EntityDef;
const kinds: ChangeKinds = {
  target,
  request: { name: 'topicChange' } as EntityDef,
  kindsField: 'kinds',
  targetStatuses: ['6'],
  submitAction: 'submit',
  applyAction: 'provincePass',
  openStatuses: ['1', '2'],
  kinds: new Map([
    ['3', { code: '3', fields: ['members'] }],
    ['4', { code: '4', fields: ['name'] }],
    ['7', { code: '7', fields: ['endDate'] }],
    ['8', { code: '8', fields: [], transition: 'withdraw' }],
    ['99', { code: '99', fields: [] }],
  ]),
};
const topic = { name: '旧名称', members: [{ name: '张三', unit: '一中' }], endDate: '2027-06-30' };

describe('planChange', () => {
  it('changes only the fields of the kinds asked for, with before and after', () => {
    const plan = planChange(kinds, { kinds: ['4'], newName: '新名称', newEndDate: '2028-01-01' }, topic);
    expect(plan.set).toEqual({ name: '新名称' });
    expect(plan.diff).toEqual([{ field: 'name', label: '课题名称', before: '旧名称', after: '新名称' }]);
    expect(plan.transitions).toEqual([]);
  });

  it('replaces the member list and leaves equal values out', () => {
    const members = [
      { name: '张三', unit: '一中' },
      { name: '李四', unit: '二中' },
    ];
    const plan = planChange(kinds, { kinds: ['3', '7'], newMembers: members, newEndDate: '2027-06-30' }, topic);
    expect(plan.set).toEqual({ members });
    expect(plan.diff.map((d) => d.field)).toEqual(['members']);
  });

  it('a stop fires the withdraw transition and changes no field', () => {
    const plan = planChange(kinds, { kinds: ['8'] }, topic);
    expect(plan).toEqual({ set: {}, diff: [], transitions: ['withdraw'] });
  });

  it('ignores kinds it does not know', () => {
    expect(planChange(kinds, { kinds: ['x', '99'] }, topic)).toEqual({ set: {}, diff: [], transitions: [] });
  });
});

describe('sameValue', () => {
  it('compares lists and rows by value, key order aside, and empty values as equal', () => {
    expect(sameValue([{ a: 1, b: 2 }], [{ b: 2, a: 1 }])).toBe(true);
    expect(sameValue([{ a: 1 }], [{ a: 2 }])).toBe(false);
    expect(sameValue(null, '')).toBe(true);
    expect(sameValue([], undefined)).toBe(true);
    expect(sameValue('1', 1)).toBe(false);
  });
});

describe('snapshotOld', () => {
  it('takes the target values of the asked kinds and clears the rest', () => {
    const out = snapshotOld(kinds, { kinds: ['4'], newName: 'x', newEndDate: '2030-01-01' }, topic);
    expect(out).toEqual({ oldName: '旧名称', oldMembers: null, newMembers: null, oldEndDate: null, newEndDate: null });
  });
});
