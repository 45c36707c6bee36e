// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePrefersReducedMotion } from './usePrefersReducedMotion.js';

/** A system setting the test can change while the page is open. */
function systemSetting(initial: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: initial,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => (query === '(prefers-reduced-motion: reduce)' ? media : { ...media, matches: false })),
  );
  return {
    set(value: boolean) {
      media.matches = value;
      act(() => listeners.forEach((l) => l()));
    },
    listening: () => listeners.size,
  };
}

function Probe() {
  return <span>{usePrefersReducedMotion() ? '少动' : '常动'}</span>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usePrefersReducedMotion', () => {
  it('follows the system setting, also when it changes while the page is open', () => {
    const setting = systemSetting(true);
    const { unmount } = render(<Probe />);
    expect(screen.getByText('少动')).toBeTruthy();
    setting.set(false);
    expect(screen.getByText('常动')).toBeTruthy();
    setting.set(true);
    expect(screen.getByText('少动')).toBeTruthy();
    unmount();
    expect(setting.listening()).toBe(0);
  });

  it('is false where the browser cannot tell', () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<Probe />);
    expect(screen.getByText('常动')).toBeTruthy();
  });
});
