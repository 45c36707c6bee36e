import { describe, expect, it } from 'vitest';
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
