// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { liveTotal, scoreProblem } from './scoreRules.js';

describe('score sheet', () => {
  it('totals the scores typed so far by their weights on the 100-point scale, as the server does: (25 + 30×1.5) / (30 + 40×1.5 + 30)', () => {
    const criteria = [
      { name: '选题价值', maxScore: 30 },
      { name: '研究设计', maxScore: 40, weight: 1.5 },
      { name: '研究基础', maxScore: 30 },
    ];
    expect(liveTotal(criteria, {})).toBe(0);
    expect(liveTotal(criteria, { 选题价值: 25, 研究设计: 30 })).toBe(58.33);
    expect(liveTotal(criteria, { 选题价值: 25.5, 研究设计: null, 研究基础: 20 })).toBe(37.92);
  });

  it('says a score out of range instead of correcting it', () => {
    const c = { name: '选题价值', maxScore: 30 };
    expect(scoreProblem(c, 35)).toBe('得分须在0到30之间');
    expect(scoreProblem(c, -1)).toBe('得分须在0到30之间');
    expect(scoreProblem(c, 30)).toBeNull();
    expect(scoreProblem(c, 0)).toBeNull();
    expect(scoreProblem(c, null)).toBeNull();
  });
});
