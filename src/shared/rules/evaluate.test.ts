import { describe, expect, it } from 'vitest';
import { evaluate, lintRule, test as holds } from './evaluate.js';
import type { Rule } from './Rule.js';

const revoke: Rule = {
  or: [
    { in: [{ var: 'record.status' }, ['2', '7', '11', '31', '16']] },
    {
      and: [
        { in: [{ var: 'record.status' }, ['4', '8', '13', '33', '79']] },
        { '==': [{ var: 'record.areaCode' }, '1123'] },
      ],
    },
  ],
};

describe('rule evaluator', () => {
  it('applies the revocation rule of SPEC §4', () => {
    expect(holds(revoke, { record: { status: 2, areaCode: '1101' } })).toBe(true);
    expect(holds(revoke, { record: { status: '4', areaCode: '1101' } })).toBe(false);
    expect(holds(revoke, { record: { status: '4', areaCode: '1123' } })).toBe(true);
    expect(holds(revoke, { record: { status: '0', areaCode: '1123' } })).toBe(false);
  });

  it('reads nested vars with a fallback and never reaches prototypes', () => {
    expect(evaluate({ var: 'user.roleCode' }, { user: { roleCode: '3' } })).toBe('3');
    expect(evaluate({ var: ['user.missing', 'x'] }, { user: {} })).toBe('x');
    expect(evaluate({ var: 'user.constructor' }, { user: {} })).toBe(null);
  });

  it('compares, negates and branches', () => {
    expect(holds({ '>=': [{ var: 'n' }, 3] }, { n: '5' })).toBe(true);
    expect(holds({ '<': [{ var: 'n' }, 3] }, {})).toBe(false);
    expect(holds({ '!': { '==': [1, '1'] } }, {})).toBe(false);
    expect(evaluate({ if: [false, 'a', true, 'b', 'c'] }, {})).toBe('b');
    expect(holds(undefined, {})).toBe(true);
  });

  it('compares stored province date-times with now (epoch ms)', () => {
    const now = Date.UTC(2026, 10, 23, 2, 0, 0); // 2026-11-23 10:00:00 in UTC+8
    expect(
      holds(
        { '<=': [{ var: 'record.startTime' }, { var: 'now' }] },
        { record: { startTime: '2026-11-23 09:59:59' }, now },
      ),
    ).toBe(true);
    expect(
      holds(
        { '<=': [{ var: 'record.startTime' }, { var: 'now' }] },
        { record: { startTime: '2026-11-23 10:00:01' }, now },
      ),
    ).toBe(false);
    expect(
      holds({ '>=': [{ var: 'record.endTime' }, { var: 'now' }] }, { record: { endTime: '2026-11-23' }, now }),
    ).toBe(false);
  });

  it('refuses unknown operators', () => {
    expect(() => evaluate({ eval: 'x' }, {})).toThrow(/unknown rule operator/);
    expect(lintRule({ and: [{ var: 'a' }, { nope: 1 }] })).toEqual([
      { path: '/and/1', message: 'unknown rule operator "nope"' },
    ]);
    expect(lintRule('{{ record.status }}')[0].message).toMatch(/no \{\{/);
  });

  it('quantifies over a list with some: the element is item, the outer context stays readable', () => {
    const open: Rule = {
      some: [
        { var: 'facts.notices' },
        {
          and: [
            { '==': [{ var: 'item.stage' }, { var: 'record.stage' }] },
            {
              or: [
                { '!': { var: 'item.targetAreas' } },
                { in: [{ var: 'record.areaCode' }, { var: 'item.targetAreas' }] },
              ],
            },
          ],
        },
      ],
    };
    const facts = {
      notices: [
        { stage: 1, targetAreas: ['1101'] },
        { stage: 2, targetAreas: [] },
      ],
    };
    expect(holds(open, { facts, record: { stage: 1, areaCode: '1101' } })).toBe(true);
    expect(holds(open, { facts, record: { stage: 1, areaCode: '1123' } })).toBe(false);
    expect(holds(open, { facts, record: { stage: 2, areaCode: '1123' } })).toBe(true);
    expect(holds(open, { facts: { notices: [] }, record: { stage: 2 } })).toBe(false);
    expect(holds(open, { record: { stage: 2 } })).toBe(false);
    expect(lintRule(open)).toEqual([]);
  });
});
