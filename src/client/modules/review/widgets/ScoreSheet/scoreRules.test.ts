// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { liveTotal, scoreProblem, submitProblems } from './scoreRules.js';

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

  it('says what a submission lacks before sending it, as review/score would refuse it', () => {
    const criteria = [
      { name: '选题价值', maxScore: 30 },
      { name: '研究设计', maxScore: 40 },
    ];
    const choices = ['推荐', '不推荐'];
    expect(submitProblems(criteria, { 选题价值: 25 }, { recommendation: null, comment: ' ', choices })).toEqual([
      '请填写「研究设计」的得分',
      '请选择推荐意见',
      '请填写评审意见',
    ]);
    expect(
      submitProblems(criteria, { 选题价值: 0, 研究设计: 30 }, { recommendation: '推荐', comment: '同意。', choices }),
    ).toEqual([]);
    // A batch without recommendations asks for none.
    expect(
      submitProblems(criteria, { 选题价值: 1, 研究设计: 2 }, { recommendation: null, comment: '好', choices: [] }),
    ).toEqual([]);
  });
});
