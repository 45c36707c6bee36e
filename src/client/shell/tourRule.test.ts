import { describe, expect, it, vi } from 'vitest';
import { shouldShowTour } from './tourRule.js';

describe('guided tour rule', () => {
  const base = { onHome: true, loggedIn: true, loaded: true, remindAgain: 0 };
  it('shows on home for a logged-in user whose sub-system has remindAgain not 1', () => {
    expect(shouldShowTour(base)).toBe(true);
    expect(shouldShowTour({ ...base, remindAgain: null })).toBe(true);
    expect(shouldShowTour({ ...base, remindAgain: '0' })).toBe(true);
  });
  it('never shows after finishing (remindAgain 1), off home, for visitors, or before the sub-system is known', () => {
    expect(shouldShowTour({ ...base, remindAgain: 1 })).toBe(false);
    expect(shouldShowTour({ ...base, remindAgain: '1' })).toBe(false);
    expect(shouldShowTour({ ...base, onHome: false })).toBe(false);
    expect(shouldShowTour({ ...base, loggedIn: false })).toBe(false);
    expect(shouldShowTour({ ...base, loaded: false })).toBe(false);
  });
});

describe('closing the tour with ✕', () => {
  const base = { onHome: true, loggedIn: true, loaded: true, remindAgain: 0 };
  it('holds for the rest of the session, for that user and sub-system only', async () => {
    const { rememberTourClosed, tourClosedThisSession } = await import('./tourRule.js');
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
    try {
      expect(shouldShowTour({ ...base, closedThisSession: tourClosedThisSession('leader1', 1) })).toBe(true);
      rememberTourClosed('leader1', 1);
      expect(shouldShowTour({ ...base, closedThisSession: tourClosedThisSession('leader1', 1) })).toBe(false);
      expect(tourClosedThisSession('leader2', 1)).toBe(false);
      expect(tourClosedThisSession('leader1', 2)).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
