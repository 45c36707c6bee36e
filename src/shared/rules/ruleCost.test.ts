import { describe, expect, it } from 'vitest';
import { RULE_LIMITS, ruleCost, ruleCostProblems } from './ruleCost.js';

const range = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
/** The shape of a rule that stalled a list: nested some over inline lists. */
const nested = (n: number) => ({
  some: [range(n), { some: [range(n), { in: [{ var: 'item' }, range(n)] }] }],
});

describe('static cost of a rule', () => {
  it('grows with the lists a some walks, not with a list looked up by in', () => {
    expect(ruleCost({ in: [{ var: 'record.status' }, range(400)] }).steps).toBeLessThan(10);
    expect(ruleCost(nested(100)).steps).toBeGreaterThan(100 * 100);
    expect(ruleCost({ some: [{ var: 'record.members' }, { '==': [{ var: 'item.name' }, 'x'] }] }).steps).toBeLessThan(
      RULE_LIMITS.steps,
    );
  });

  it('refuses a costly rule at its pointer, in Chinese, saying why', () => {
    const problems = ruleCostProblems(nested(300), '/access/update/0/when');
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe('/access/update/0/when');
    expect(problems[0].message).toMatch(/^规则代价超出限制：/);
    expect(problems[0].message).toContain('规则计算量过大');
    expect(ruleCostProblems({ some: [[1], { some: [[1], { some: [[1], true] }] }] })[0].message).toContain(
      'some 嵌套过深（3 层',
    );
    expect(ruleCostProblems({ in: [{ var: 'x' }, range(RULE_LIMITS.arrayItems + 1)] })[0].message).toContain(
      '内联列表过长',
    );
    expect(ruleCostProblems({ '==': [{ var: 'x' }, 'y'.repeat(RULE_LIMITS.size)] })[0].message).toContain('规则过长');
    expect(ruleCostProblems({ '==': [{ var: 'record.status' }, '1'] })).toEqual([]);
  });
});
