import { describe, expect, it } from 'vitest';
import { givenScores, sheetProblems } from './scoreSheet.js';

const criteria = [
  { name: '选题价值', maxScore: 30 },
  { name: '研究设计', maxScore: 40 },
];
const choices = ['推荐', '不推荐'];

describe('score sheet rule', () => {
  it('says everything a submission lacks at once, each at its field', () => {
    expect(
      sheetProblems(criteria, choices, { scores: { 选题价值: 25 }, recommendation: null, comment: ' ' }, true),
    ).toEqual([
      { field: 'scores.研究设计', label: '研究设计', message: '请填写「研究设计」的得分' },
      { field: 'recommendation', label: '推荐意见', message: '请选择推荐意见' },
      { field: 'comment', label: '评审意见', message: '请填写评审意见' },
    ]);
  });

  it('accepts a complete sheet, and a batch without recommendations asks for none', () => {
    const full = { scores: { 选题价值: 0, 研究设计: 30 }, recommendation: '推荐', comment: '同意。' };
    expect(sheetProblems(criteria, choices, full, true)).toEqual([]);
    expect(sheetProblems(criteria, [], { ...full, recommendation: null }, true)).toEqual([]);
  });

  it('lets a draft leave things out but never accepts a wrong value', () => {
    expect(sheetProblems(criteria, choices, { scores: {}, recommendation: null, comment: null }, false)).toEqual([]);
    const wrong = { scores: { 选题价值: 31, 其他: 1 }, recommendation: '待定', comment: '长'.repeat(2001) };
    expect(sheetProblems(criteria, choices, wrong, false).map((p) => p.message)).toEqual([
      '未知的评分指标：其他',
      '「选题价值」的得分须在0到30之间',
      '推荐意见不正确',
      '评审意见不能超过2000个字符',
    ]);
    expect(sheetProblems(criteria, choices, { scores: [1], recommendation: null, comment: null }, false)).toEqual([
      { field: 'scores', label: '评分', message: '评分格式不正确' },
    ]);
  });

  it('reads scores typed as text and leaves blanks out', () => {
    expect(givenScores(criteria, { 选题价值: '25.5', 研究设计: '' })).toEqual({ 选题价值: 25.5 });
  });
});
