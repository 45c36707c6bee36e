// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { pickable, unfilled } from './allocationRules.js';
import type { Candidates } from '../../../../../shared/contracts/review.js';
import { taskStatus } from '../../taskStatus.js';

describe('allocation dialog', () => {
  it('stops ticking at the room left: with three ticked of three, a fourth cannot be ticked; the ticked can be unticked', () => {
    expect(pickable(4, [1, 2], 3, false)).toBe(true);
    expect(pickable(4, [1, 2, 3], 3, false)).toBe(false);
    expect(pickable(3, [1, 2, 3], 3, false)).toBe(true);
    expect(pickable(1, [], 0, false)).toBe(false);
  });

  it('never offers an expert with a conflict', () => {
    expect(pickable(4, [], 3, true)).toBe(false);
  });

  it('automatic allocation never takes a record the server refuses for the batch, however short of experts', () => {
    const target = { status: '2', waiting: false, assigned: [], conflicts: [] };
    const data = {
      batch: { id: 1, name: '批次', status: '0', expertsPerTopic: 3, outOfArea: false, blind: false },
      targets: [
        { ...target, id: 1, name: '可分配' },
        { ...target, id: 2, name: '他批次评审中', refused: '正在评审批次「城区」中评审' },
      ],
      experts: [],
      others: 0,
      statuses: [],
    } satisfies Candidates;
    expect(unfilled(data)).toEqual([1]);
  });

  it('names task statuses as the workflow does', () => {
    const statuses = [
      { code: '0', label: '未开始', color: 'default' },
      { code: '2', label: '已提交', color: 'green' },
    ];
    expect(taskStatus(statuses, '2')).toEqual({ text: '已提交', color: 'green' });
    expect(taskStatus(statuses, '9')).toEqual({ text: '9', color: 'default' });
  });
});
