import { describe, expect, it } from 'vitest';
import { weightedTotal } from './reviewTotal.js';

describe('a review total on the 100-point scale', () => {
  it('weights 6 and 4 on two 100-point criteria scored 50 and 48 total 49.2, not 492', () => {
    const criteria = [
      { name: '选题', maxScore: 100, weight: 6 },
      { name: '论证', maxScore: 100, weight: 4 },
    ];
    expect(weightedTotal(criteria, { 选题: 50, 论证: 48 })).toBe(49.2);
    expect(weightedTotal(criteria, { 选题: 100, 论证: 100 })).toBe(100);
  });

  it('a sheet of maxima adding up to 100 at weight 1 totals the plain sum; a draft counts what is typed', () => {
    const criteria = [
      { name: 'a', maxScore: 30 },
      { name: 'b', maxScore: 40 },
      { name: 'c', maxScore: 30 },
    ];
    expect(weightedTotal(criteria, { a: 25, b: 30, c: 20 })).toBe(75);
    expect(weightedTotal(criteria, { a: 20, b: null })).toBe(20);
  });

  it('all weights 0 total 0 rather than dividing by nothing', () => {
    expect(weightedTotal([{ name: 'a', maxScore: 10, weight: 0 }], { a: 5 })).toBe(0);
  });
});
