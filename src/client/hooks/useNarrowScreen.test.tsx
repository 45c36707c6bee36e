// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NARROW_QUERY, useNarrowScreen } from './useNarrowScreen.js';
import { DrawnAtOnce } from './useFirstPaintDone.js';

/** A screen width the test can change while the page is open (a phone turned). */
function screenWidth(narrow: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: narrow,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => (query === NARROW_QUERY ? media : { ...media, matches: false })),
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
  return <span>{useNarrowScreen() ? '窄' : '宽'}</span>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useNarrowScreen', () => {
  it('follows the screen under 576 px, also when it turns', () => {
    const width = screenWidth(true);
    const { unmount } = render(<Probe />);
    expect(screen.getByText('窄')).toBeTruthy();
    width.set(false);
    expect(screen.getByText('宽')).toBeTruthy();
    unmount();
    expect(width.listening()).toBe(0);
  });

  it('is wide where the browser cannot tell, and in a drawing made in one go (the server’s)', () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<Probe />);
    expect(screen.getByText('宽')).toBeTruthy();
    screenWidth(true);
    expect(
      renderToString(
        <DrawnAtOnce.Provider value>
          <Probe />
        </DrawnAtOnce.Provider>,
      ),
    ).toContain('宽');
  });

  it('hydrating the server’s wide drawing on a phone, draws it wide first, then narrow once mounted', async () => {
    screenWidth(true);
    const drawn: string[] = [];
    function Recorder() {
      const narrow = useNarrowScreen();
      drawn.push(narrow ? '窄' : '宽');
      return null;
    }
    render(
      <DrawnAtOnce.Provider value>
        <Recorder />
      </DrawnAtOnce.Provider>,
    );
    await act(async () => undefined);
    expect(drawn[0]).toBe('宽');
    expect(drawn.at(-1)).toBe('窄');
  });
});
