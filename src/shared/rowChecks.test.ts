import { describe, expect, it } from 'vitest';
import { idCardCheckChar } from './idCard.js';
import { cellError, rowErrors } from './rowChecks.js';
import type { FieldDef } from './schema/types.js';

const good = (() => {
  const first = '11010519491231002';
  return first + idCardCheckChar(first);
})();

const members: FieldDef = {
  type: 'json',
  label: '课题组成员',
  rows: {
    fields: {
      name: { type: 'string', label: '姓名', required: true, maxLength: 4 },
      idCard: { type: 'string', label: '身份证号', format: 'idCard' },
      role: { type: 'string', label: '角色', dict: 'js' },
    },
  },
};
const phases: FieldDef = {
  type: 'json',
  label: '阶段安排',
  rows: {
    fields: { startDate: { type: 'date', label: '开始日期' }, endDate: { type: 'date', label: '结束日期' } },
    checks: [{ field: 'endDate', notBefore: 'startDate' }],
    maxRows: 2,
  },
};

describe('rows of a json field', () => {
  it('checks an ID number in a member row, at the path of its cell', () => {
    expect(
      rowErrors('members', members, [
        { name: '张三', idCard: good },
        { name: '李四', idCard: 'bad-id' },
      ]),
    ).toEqual([
      {
        path: 'members[1].idCard',
        row: 1,
        key: 'idCard',
        cell: '身份证号格式不正确',
        message: '课题组成员第2行：身份证号格式不正确',
      },
    ]);
  });

  it('checks required, length and dictionary values', () => {
    const dictValues = (t: string) => (t === 'js' ? new Set(['1']) : undefined);
    const errors = rowErrors(
      'members',
      members,
      [
        { name: '', role: '1' },
        { name: '太长的名字', role: '9' },
      ],
      { dictValues },
    );
    expect(errors.map((e) => [e.path, e.cell])).toEqual([
      ['members[0].name', '姓名不能为空'],
      ['members[1].name', '姓名不能超过4个字符'],
      ['members[1].role', '角色的取值不在字典范围内'],
    ]);
  });

  it('refuses a phase that ends before it starts, and accepts one ending the day it starts', () => {
    expect(rowErrors('phases', phases, [{ startDate: '2026-03-01', endDate: '2026-02-01' }])[0]).toMatchObject({
      path: 'phases[0].endDate',
      cell: '结束日期不能早于开始日期',
    });
    expect(rowErrors('phases', phases, [{ startDate: '2026-03-01', endDate: '2026-03-01' }])).toEqual([]);
    expect(rowErrors('phases', phases, [{ startDate: '2026-02-30' }])[0].cell).toBe('开始日期格式不正确');
  });

  it('refuses a value that is not rows, and too many rows, as the whole field', () => {
    expect(rowErrors('phases', phases, 'x')[0]).toMatchObject({ path: 'phases', message: '阶段安排格式不正确' });
    expect(rowErrors('phases', phases, [1, 2])[0]).toMatchObject({ path: 'phases', message: '阶段安排格式不正确' });
    expect(rowErrors('phases', phases, [{}, {}, {}])[0]).toMatchObject({ path: 'phases', message: '阶段安排最多2行' });
    expect(rowErrors('x', { label: '无行定义' }, 'anything')).toEqual([]);
  });

  it('names keyed rows by their key', () => {
    const results: FieldDef = {
      type: 'json',
      label: '评审意见',
      rows: { fields: { finalScore: { type: 'number', label: '最终得分', maximum: 100 } } },
    };
    expect(rowErrors('reviewResults', results, { 1: { finalScore: 120 } })[0].path).toBe('reviewResults.1.finalScore');
  });

  it('applies the text filter to a flagged column', () => {
    expect(cellError({ type: 'string', label: '课题分工', textFilter: true }, '调查😀')).toBe(
      '课题分工不能包含表情或特殊字符',
    );
  });
});
