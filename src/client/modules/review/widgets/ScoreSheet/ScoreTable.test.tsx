// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { liveTotal, scoreProblem } from './scoreRules.js';
import { ScoreTable } from './ScoreTable.js';
import { setupDom } from '../../../../runtime/testing/setupDom.js';

setupDom();
afterEach(() => cleanup());

const criteria = [
  { name: '选题价值', maxScore: 30 },
  { name: '研究设计', maxScore: 40 },
  { name: '研究基础', maxScore: 30 },
];

/** The sheet's own wiring: problems and total from what is typed. */
function Sheet() {
  const [scores, setScores] = useState<Record<string, number | null>>({ 研究设计: 32, 研究基础: 25 });
  const problems = Object.fromEntries(criteria.map((c) => [c.name, scoreProblem(c, scores[c.name])]));
  return (
    <ScoreTable
      criteria={criteria}
      scores={scores}
      problems={problems}
      total={liveTotal(criteria, scores)}
      canEdit
      onScore={(name, v) => setScores((s) => ({ ...s, [name]: v }))}
    />
  );
}

describe('score table', () => {
  it('marks a score over its maximum at the field as it is typed, and the total says it is invalid', () => {
    const { container } = render(<Sheet />);
    const input = screen.getByLabelText('选题价值得分');
    fireEvent.change(input, { target: { value: '45' } });
    // Kept as typed, never corrected to 30.
    expect((input as HTMLInputElement).value).toMatch(/^45/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('得分须在0到30之间');
    const total = container.querySelector('.rt-score-total')!;
    expect(total.classList.contains('rt-score-total-invalid')).toBe(true);
    expect(total.textContent).toBe('总分无效（「选题价值」得分超出范围）');
    // Corrected: the mark goes and the total counts again.
    fireEvent.change(input, { target: { value: '25' } });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelector('.rt-score-total')!.textContent).toBe(
      String(liveTotal(criteria, { 选题价值: 25, 研究设计: 32, 研究基础: 25 })),
    );
  });
});
