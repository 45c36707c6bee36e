import { describe, expect, it } from 'vitest';
import { evaluate, lintRule, test as holds } from './evaluate.js';
import type { Rule } from './Rule.js';

const revoke: Rule = {
  or: [
    { in: [{ var: 'record.status' }, ['2', '7', '11', '31', '16']] },
    { and: [{ in: [{ var: 'record.status' }, ['4', '8', '13', '33', '79']] }, { '==': [{ var: 'record.areaCode' }, '1123'] }] },
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

  it('refuses unknown operators', () => {
    expect(() => evaluate({ eval: 'x' }, {})).toThrow(/unknown rule operator/);
    expect(lintRule({ and: [{ var: 'a' }, { nope: 1 }] })).toEqual([{ path: '/and/1', message: 'unknown rule operator "nope"' }]);
    expect(lintRule('{{ record.status }}')[0].message).toMatch(/no \{\{/);
  });
});
