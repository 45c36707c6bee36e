import { describe, expect, it, vi } from 'vitest';
import {
  evaluate,
  EVALUATION_MS,
  OVER_BUDGET_MS,
  lintRule,
  RULE_BUDGET_MESSAGE,
  RuleBudgetError,
  test as holds,
  useRuleMeter,
} from './evaluate.js';
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

describe('evaluation cost', () => {
  /** A list written in a rule that counts how often its items are read. */
  const counted = (n: number) => {
    const reads = { n: 0 };
    const list = new Proxy(
      Array.from({ length: n }, (_, i) => i),
      {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads.n++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      },
    );
    return { list, reads };
  };

  it('looks an item up in a written list once per item, not once per item and element', () => {
    const n = 2000;
    const { list, reads } = counted(n);
    const items = Array.from({ length: n }, (_, i) => -i - 1);
    expect(evaluate({ some: [items, { in: [{ var: 'item' }, list] }] }, {})).toBe(false);
    expect(reads.n).toBeLessThanOrEqual(3 * n);
    expect(evaluate({ some: [items, { in: [-5, list] }] }, {})).toBe(false);
    expect(evaluate({ in: [7, list] }, {})).toBe(true);
    expect(evaluate({ in: ['7', list] }, {})).toBe(true);
    expect(evaluate({ in: [null, [null]] }, {})).toBe(true);
    expect(evaluate({ in: [true, ['true']] }, {})).toBe(false);
  });

  it('stops an evaluation over its budget with a Chinese error, and the next one starts afresh', () => {
    const long = Array.from({ length: 1000 }, (_, i) => i);
    const costly = { some: [long, { some: [long, { '==': [{ var: 'item' }, -1] }] }] };
    expect(() => evaluate(costly, {})).toThrow(RuleBudgetError);
    expect(() => evaluate(costly, {})).toThrow(RULE_BUDGET_MESSAGE);
    expect(evaluate({ some: [long, { '==': [{ var: 'item' }, 999] }] }, {})).toBe(true);
  });

  it('counts the steps of a request across its evaluations', () => {
    const meter = { steps: 0, limit: 50 };
    useRuleMeter(() => meter);
    try {
      const rule = { and: [{ '==': [1, 1] }, { '==': [2, 2] }] };
      for (let i = 0; i < 10; i++) evaluate(rule, {});
      expect(meter.steps).toBe(30);
      expect(() => {
        for (let i = 0; i < 10; i++) evaluate(rule, {});
      }).toThrow(RuleBudgetError);
    } finally {
      useRuleMeter(() => undefined);
    }
  });

  it('stops an evaluation of a request once it held the event loop for its slice, whatever its steps', () => {
    const rule = { some: [Array.from({ length: 1000 }, (_, i) => i), { '==': [{ var: 'item' }, -1] }] };
    // A clock that moves 10 ms each time it is read: the rule's 4,000 steps look like 150 ms.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 10));
    try {
      expect(evaluate(rule, {})).toBe(false);
      const meter = { steps: 0, limit: 3_000_000 };
      useRuleMeter(() => meter);
      try {
        expect(() => evaluate(rule, {})).toThrow(RuleBudgetError);
        // Stopped on the clock (read every 256 steps) past EVALUATION_MS, long before its 4,000 steps end.
        expect(meter.steps).toBeLessThan(3000);
        expect(clock).toBeGreaterThan(EVALUATION_MS);
      } finally {
        useRuleMeter(() => undefined);
      }
    } finally {
      now.mockRestore();
    }
  });

  it('refuses at once, for a while, a rule that ran over its own budget in a request', () => {
    const long = Array.from({ length: 1000 }, (_, i) => i);
    const costly = { some: [long, { some: [long, { '==': [{ var: 'item' }, -1] }] }] };
    const small = { '==': [{ var: 'item' }, 1] };
    let meter = { steps: 0, limit: 3_000_000 };
    useRuleMeter(() => meter);
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      expect(() => evaluate(costly, {})).toThrow(RuleBudgetError);
      expect(meter.steps).toBeGreaterThan(0);
      // The next request: refused before a step is taken; other rules are evaluated as usual.
      meter = { steps: 0, limit: 3_000_000 };
      expect(() => evaluate(costly, {})).toThrow(RULE_BUDGET_MESSAGE);
      expect(meter.steps).toBe(0);
      expect(evaluate(small, { item: 1 })).toBe(true);
      // Outside a request the rule is evaluated (and stopped) as before; after the while, in a request too.
      useRuleMeter(() => undefined);
      expect(() => evaluate(costly, {})).toThrow(RuleBudgetError);
      useRuleMeter(() => meter);
      now += OVER_BUDGET_MS + 1;
      expect(() => evaluate(costly, {})).toThrow(RuleBudgetError);
      expect(meter.steps).toBeGreaterThan(0);
    } finally {
      clock.mockRestore();
      useRuleMeter(() => undefined);
    }
  });
});
