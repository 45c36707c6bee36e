import { describe, expect, it } from 'vitest';
import { aggregate, majority, scoreTotal, templateProblem } from './aggregate.js';

const criteria = [
  { name: '选题价值', maxScore: 30 },
  { name: '研究设计', maxScore: 40 },
  { name: '研究基础', maxScore: 30, weight: 0.5 },
];

describe('review scores', () => {
  it('computes the weighted total on the 100-point scale: 25 + 30 + 20×0.5 of 30 + 40 + 30×0.5 → 65/85 → 76.47', () => {
    expect(scoreTotal(criteria, { 选题价值: 25, 研究设计: 30, 研究基础: 20 }, true).total).toBe(76.47);
  });
  it('refuses a score above the maximum, below zero, unknown criteria, and gaps on submit', () => {
    expect(() => scoreTotal(criteria, { 选题价值: 31, 研究设计: 30, 研究基础: 20 }, true)).toThrow('0到30');
    expect(() => scoreTotal(criteria, { 选题价值: -1 }, false)).toThrow();
    expect(() => scoreTotal(criteria, { 其他: 1 }, false)).toThrow('未知');
    expect(() => scoreTotal(criteria, { 选题价值: 20 }, true)).toThrow('研究设计');
    expect(scoreTotal(criteria, { 选题价值: 20 }, false).total).toBe(23.53);
  });
  it('mean: 80, 90, 70, 60 → 75; spread 30; std dev √125 ≈ 11.18', () => {
    const a = aggregate([80, 90, 70, 60], '1', 20);
    expect(a).toMatchObject({ count: 4, finalScore: 75, mean: 75, spread: 30, stdDev: 11.18, disagreement: true });
  });
  it('trimmed mean drops one highest and one lowest: 80, 90, 70, 60 → (80+70)/2 = 75; 95, 70, 72, 74 → 73', () => {
    expect(aggregate([80, 90, 70, 60], '2', 20).finalScore).toBe(75);
    const b = aggregate([95, 70, 72, 74], '2', 30);
    expect(b.finalScore).toBe(73);
    expect(b.mean).toBe(77.75);
    expect(b.disagreement).toBe(false);
  });
  it('trimmed mean of two scores is their mean; no scores gives no result', () => {
    expect(aggregate([80, 70], '2', 5).finalScore).toBe(75);
    expect(aggregate([], '1', 5).finalScore).toBeNull();
  });
  it('takes the majority recommendation', () => {
    expect(majority(['不同意', '同意', '同意'], ['同意', '不同意'])).toBe('同意');
    expect(majority(['不同意', '同意'], ['同意', '不同意'])).toBe('同意');
  });
  it('checks templates', () => {
    expect(templateProblem(criteria, ['同意'])).toBeNull();
    expect(templateProblem([], [])).toMatch('1到20');
    expect(templateProblem([{ name: 'a', maxScore: 200 }], [])).toMatch('满分');
    expect(
      templateProblem(
        [
          { name: 'a', maxScore: 2 },
          { name: 'a', maxScore: 3 },
        ],
        [],
      ),
    ).toMatch('重复');
  });
});

describe('criterion guidance', () => {
  it('keeps guidance and score anchors trimmed, drops empty ones, and refuses them beyond 300 characters', async () => {
    const { normalizeCriteria } = await import('./aggregate.js');
    expect(normalizeCriteria([{ name: ' 选题 ', maxScore: '30', guidance: ' 是否切合实际 ', anchors: '' }])).toEqual([
      { name: '选题', maxScore: 30, weight: 1, guidance: '是否切合实际' },
    ]);
    expect(templateProblem([{ name: '选题', maxScore: 30, anchors: 'x'.repeat(301) }], [])).toContain(
      '分值参考不能超过300个字符',
    );
    expect(templateProblem([{ name: '选题', maxScore: 30, guidance: '说明', anchors: '27-30分 优秀' }], [])).toBeNull();
  });
});

describe('the score template form says the ranges the server checks', () => {
  it('满分 0–100 and 权重 0–10 next to their columns, as templateProblem refuses beyond them', async () => {
    const { readFileSync } = await import('node:fs');
    const page = JSON.parse(readFileSync('schemas/pages/review/reviewBatch.form.json', 'utf8'));
    const criteriaField = page.sections.flatMap((s: any) => s.fields).find((f: any) => f.field === 'criteria');
    const title = (key: string) => criteriaField.props.columns.find((c: any) => c.key === key).title as string;
    expect(title('maxScore')).toContain('0–100');
    expect(title('weight')).toContain('0–10');
    expect(templateProblem([{ name: 'a', maxScore: 101 }], null)).toContain('0到100');
    expect(templateProblem([{ name: 'a', maxScore: 100, weight: 60 }], null)).toContain('0到10');
    expect(templateProblem([{ name: 'a', maxScore: 100, weight: 10 }], null)).toBeNull();
  });
});
