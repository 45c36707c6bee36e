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
  it('holds for the rest of the login, in every tab, for that user and sub-system only, until a new login', async () => {
    const { forgetClosedTours, rememberTourClosed, tourClosedThisSession } = await import('./tourRule.js');
    // localStorage: shared by the tabs of the browser, kept across the app tokens a switch answers.
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      get length() {
        return store.size;
      },
      key: (i: number) => [...store.keys()][i] ?? null,
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
    store.set('userObj', '{}');
    const leader1 = { username: 'leader1', subSystemId: 1 };
    try {
      expect(shouldShowTour({ ...base, closedThisSession: tourClosedThisSession(leader1) })).toBe(true);
      rememberTourClosed(leader1);
      expect(shouldShowTour({ ...base, closedThisSession: tourClosedThisSession(leader1) })).toBe(false);
      expect(tourClosedThisSession({ ...leader1, username: 'leader2' })).toBe(false);
      expect(tourClosedThisSession({ ...leader1, subSystemId: 2 })).toBe(false);
      rememberTourClosed({ ...leader1, subSystemId: 2 });
      // Signing in again (or out) asks again, and leaves everything else stored.
      forgetClosedTours();
      expect(tourClosedThisSession(leader1)).toBe(false);
      expect(tourClosedThisSession({ ...leader1, subSystemId: 2 })).toBe(false);
      expect([...store.keys()]).toEqual(['userObj']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
