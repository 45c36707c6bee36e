import { describe, expect, it } from 'vitest';
import { gridLayout } from './gridLayout.js';

describe('a form grid as the server lays it out', () => {
  it('has as many columns as its fields’ spans add up to, within its bounds', () => {
    expect(gridLayout([1, 1], 1, 3).columns).toBe(2);
    expect(gridLayout([2, 1, 1, 1, 2], 1, 2).columns).toBe(2);
    expect(gridLayout([1], 1, 2).columns).toBe(1);
    expect(gridLayout([], 1, 2).columns).toBe(1);
  });

  it('cuts a field’s span to what is left of its row, as @formily/grid does', () => {
    expect(gridLayout([2, 1, 1, 1, 2], 1, 2).children).toEqual([
      'span 2 / auto',
      'span 1 / auto',
      'span 1 / auto',
      'span 1 / auto',
      'span 1 / auto',
    ]);
    expect(gridLayout([3, 1], 1, 2).children).toEqual(['span 2 / auto', 'span 1 / auto']);
  });
});
