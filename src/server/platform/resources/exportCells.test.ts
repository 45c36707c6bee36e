import { describe, expect, it } from 'vitest';
import type { EntityDef, WorkflowDef } from '../../../shared/schema/types.js';
import type { DictionaryValues } from '../records/dictionaries.js';
import { exportCellWriter } from './exportCells.js';

const entity: EntityDef = {
  name: 'probe',
  label: '测试',
  workflow: 'probe',
  fields: {
    stage: { type: 'string', label: '阶段', dict: 'psjd' },
    reviewResults: {
      type: 'json',
      label: '评审意见',
      rows: {
        keyedBy: 'stage',
        fields: {
          stage: { type: 'string', label: '阶段', dict: 'psjd' },
          finalScore: { type: 'number', label: '最终得分' },
        },
      },
    },
    members: {
      type: 'json',
      label: '课题组成员',
      rows: {
        fields: {
          name: { type: 'string', label: '姓名' },
          idCard: { type: 'string', label: '身份证号', format: 'idCard' },
        },
      },
    },
    extra: { type: 'json', label: '附加' },
  },
  access: { read: [], create: [], update: [], delete: [] },
};
const workflow = {
  name: 'probe',
  field: 'status',
  initial: '0',
  statuses: [{ code: '0', label: '草稿' }],
  transitions: [],
} as unknown as WorkflowDef;
const dicts = {
  labels: async (t: string) => new Map(t === 'psjd' ? [['1', '立项评审']] : []),
} as unknown as DictionaryValues;

describe('export cells', () => {
  it('write dictionary and status codes as labels, rows of json fields row by row', async () => {
    const cell = await exportCellWriter(
      entity,
      workflow,
      ['status', 'stage', 'reviewResults', 'members', 'extra'],
      dicts,
    );
    const rec = {
      status: '0',
      stage: '1',
      reviewResults: { 1: { finalScore: 88 } },
      members: [{ name: '张三', idCard: '11010519491231002X' }],
      extra: { a: 1 },
    };
    expect(cell(rec, 'status')).toBe('草稿');
    expect(cell(rec, 'stage')).toBe('立项评审');
    expect(cell(rec, 'reviewResults')).toBe('1. 阶段：立项评审，最终得分：88');
    // The record comes with the reader's masks applied (fieldMasks): the writer writes what it is given.
    expect(cell(rec, 'members')).toBe('1. 姓名：张三，身份证号：11010519491231002X');
    expect(cell({ ...rec, members: [{ name: '张三', idCard: '1101**********002X' }] }, 'members')).toBe(
      '1. 姓名：张三，身份证号：1101**********002X',
    );
    expect(cell(rec, 'extra')).toBe('{"a":1}');
  });
});
