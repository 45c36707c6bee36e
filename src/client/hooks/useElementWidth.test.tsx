// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useElementWidth } from './useElementWidth.js';

let fire: ((width: number) => void) | undefined;
class FakeObserver {
  constructor(private readonly cb: (entries: { contentRect: { width: number } }[]) => void) {}
  observe() {
    fire = (width) => this.cb([{ contentRect: { width } }]);
  }
  disconnect() {
    fire = undefined;
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Box() {
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(() => ref.current);
  return <div ref={ref}>{width}</div>;
}

describe('useElementWidth', () => {
  it('follows the element’s width in whole pixels, and stops when it goes', () => {
    vi.stubGlobal('ResizeObserver', FakeObserver);
    const { container, unmount } = render(<Box />);
    expect(container.textContent).toBe('0');
    act(() => fire?.(1133.6));
    expect(container.textContent).toBe('1133');
    unmount();
    expect(fire).toBeUndefined();
  });
});
