import { describe, expect, it } from 'vitest';
import { againstListGoal, LIST_P99_GOAL_MS } from './listApi.js';

describe("the list API's goal, as the bench prints and checks it", () => {
  it('is p99 under 50 ms', () => {
    expect(LIST_P99_GOAL_MS).toBe(50);
  });

  it('prints the p99 beside the goal and marks a miss', () => {
    expect(againstListGoal(31.26)).toEqual({ met: true, text: 'p99 31.3 ms, goal under 50 ms: met' });
    expect(againstListGoal(50)).toEqual({ met: false, text: 'p99 50.0 ms, goal under 50 ms: MISSED' });
    expect(againstListGoal(212.04).text).toBe('p99 212.0 ms, goal under 50 ms: MISSED');
  });
});
