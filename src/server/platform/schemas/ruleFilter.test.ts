import { describe, expect, it } from 'vitest';
import { test as holds } from '../../../shared/rules/evaluate.js';
import { condHolds, RuleCompileError, ruleToCond } from './ruleFilter.js';

const fields = new Set(['status', 'areaCode', 'ownerId', 'score']);
const fieldOk = (f: string) => fields.has(f);
const user = { userId: 7, areaCode: '1123', roleCode: '3' };

describe('ruleToCond', () => {
  const rules: unknown[] = [
    { '==': [{ var: 'record.status' }, 'published'] },
    { in: [{ var: 'record.status' }, ['draft', 'withdrawn']] },
    { '==': [{ var: 'record.areaCode' }, { var: 'user.areaCode' }] },
    { '==': ['1123', { var: 'record.areaCode' }] },
    { and: [{ '!=': [{ var: 'record.status' }, 'draft'] }, { '>': [{ var: 'record.score' }, 60] }] },
    { or: [{ '==': [{ var: 'user.roleCode' }, '2'] }, { '==': [{ var: 'record.ownerId' }, { var: 'user.userId' }] }] },
    { '!': { in: [{ var: 'record.status' }, ['draft']] } },
    { '==': [{ var: 'record.areaCode' }, null] },
    { '<=': [60, { var: 'record.score' }] },
  ];
  const records = [
    { status: 'draft', areaCode: '1123', ownerId: 7, score: 50 },
    { status: 'published', areaCode: '1101', ownerId: 8, score: 90 },
    { status: 'withdrawn', areaCode: null, ownerId: 7, score: 60 },
    { status: null, areaCode: '1123', ownerId: null, score: null },
  ];

  it('filters exactly the records the evaluator grants', () => {
    for (const rule of rules) {
      const cond = ruleToCond(rule, { user, now: 0 }, fieldOk);
      for (const record of records) {
        expect(condHolds(cond, record), `${JSON.stringify(rule)} on ${JSON.stringify(record)}`).toBe(
          holds(rule as never, { record, user, now: 0 }),
        );
      }
    }
  });

  it('"in" on a list field asks whether the list holds the value, as the evaluator does', () => {
    const listOk = (f: string) => (f === 'attendeeIds' ? ('list' as const) : fields.has(f));
    const rule = { in: [{ var: 'user.userId' }, { var: 'record.attendeeIds' }] };
    expect(ruleToCond(rule, { user }, listOk)).toEqual({ t: 'contains', field: 'attendeeIds', value: 7 });
    for (const attendeeIds of [['7', '9'], ['70'], [], null]) {
      const record = { attendeeIds };
      expect(condHolds(ruleToCond(rule, { user }, listOk), record)).toBe(
        holds(rule as never, { record, user, now: 0 }),
      );
    }
    // Not on a field that is no list (the evaluator would test text inside text there).
    expect(() => ruleToCond({ in: ['x', { var: 'record.status' }] }, {}, listOk)).toThrow(RuleCompileError);
  });

  it('evaluates the parts that do not read the record first', () => {
    expect(ruleToCond({ '==': [{ var: 'user.roleCode' }, '3'] }, { user }, fieldOk)).toEqual({
      t: 'const',
      value: true,
    });
    expect(ruleToCond({ '==': [{ var: 'record.areaCode' }, { var: 'user.areaCode' }] }, { user }, fieldOk)).toEqual({
      t: 'cmp',
      field: 'areaCode',
      op: '=',
      value: '1123',
    });
  });

  it('refuses what a database cannot apply, and unknown fields', () => {
    expect(() => ruleToCond({ var: 'record.status' }, {}, fieldOk)).toThrow(RuleCompileError);
    expect(() => ruleToCond({ '==': [{ var: 'record.status' }, { var: 'record.areaCode' }] }, {}, fieldOk)).toThrow(
      RuleCompileError,
    );
    expect(() => ruleToCond({ in: ['x', { var: 'record.status' }] }, {}, fieldOk)).toThrow(RuleCompileError);
    expect(() => ruleToCond({ '==': [{ var: 'record.nope' }, 1] }, {}, fieldOk)).toThrow(/unknown record field "nope"/);
    expect(() => ruleToCond({ if: [{ var: 'record.status' }, true, false] }, {}, fieldOk)).toThrow(RuleCompileError);
  });

  it('tests a value against a list field (JSON list) as the evaluator does', () => {
    const listFields = (f: string): boolean | 'list' => (f === 'areas' ? 'list' : fields.has(f));
    const rule = {
      or: [{ '==': [{ var: 'record.areas' }, null] }, { in: [{ var: 'user.areaCode' }, { var: 'record.areas' }] }],
    };
    const cond = ruleToCond(rule, { user }, listFields);
    for (const areas of [null, ['1123'], ['1101'], ['1101', '1123']]) {
      expect(condHolds(cond, { areas })).toBe(holds(rule as never, { record: { areas }, user }));
    }
    expect(condHolds(cond, { areas: ['1101'] })).toBe(false);
  });
});
