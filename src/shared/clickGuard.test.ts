import { describe, expect, it, vi } from 'vitest';
import { CLICK_GUARD_MS, createClickGuard, createConfirmGuard, guardClicks, guardConfirm } from './clickGuard.js';

function clock(start = 1000) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe('click guard', () => {
  it('is 600 ms', () => expect(CLICK_GUARD_MS).toBe(600));

  it('runs the first click and ignores repeats within 600 ms of it', () => {
    const c = clock();
    const allow = createClickGuard(600, c.now);
    expect(allow()).toBe(true);
    c.advance(100);
    expect(allow()).toBe(false);
    c.advance(400);
    expect(allow()).toBe(false); // 500 ms after the run
    c.advance(100);
    expect(allow()).toBe(true); // 600 ms after the run
  });

  it('measures from the last click that ran, so steady clicking runs every 600 ms', () => {
    const c = clock();
    const allow = createClickGuard(600, c.now);
    const runs: number[] = [];
    for (let i = 0; i < 13; i++) {
      if (allow()) runs.push(c.now());
      c.advance(100);
    }
    expect(runs).toEqual([1000, 1600, 2200]);
  });

  it('wraps a handler', () => {
    const c = clock();
    const fn = vi.fn((x: number) => x * 2);
    const guarded = guardClicks(fn, 600, c.now);
    expect(guarded(2)).toBe(4);
    expect(guarded(3)).toBeUndefined();
    c.advance(600);
    expect(guarded(5)).toBe(10);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('dialog confirm guard', () => {
  it('ignores a click within 600 ms of the previous click, even an ignored one', () => {
    const c = clock();
    const allow = createConfirmGuard(600, c.now);
    const runs: number[] = [];
    for (let i = 0; i < 13; i++) {
      if (allow()) runs.push(c.now());
      c.advance(100);
    }
    // Clicks every 100 ms keep it shut after the first.
    expect(runs).toEqual([1000]);
    c.advance(600);
    expect(allow()).toBe(true);
  });

  it('wraps a confirm handler', () => {
    const c = clock();
    const fn = vi.fn();
    const guarded = guardConfirm(fn, 600, c.now);
    guarded();
    c.advance(599);
    guarded();
    c.advance(599);
    guarded();
    expect(fn).toHaveBeenCalledTimes(1);
    c.advance(600);
    guarded();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
