// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markScrollRegions } from './useKeyboardScroll.js';

function box(scrollWidth: number, clientWidth: number): HTMLElement {
  const el = document.createElement('div');
  el.className = 'ant-table-content';
  Object.defineProperty(el, 'scrollWidth', { value: scrollWidth, configurable: true });
  Object.defineProperty(el, 'clientWidth', { value: clientWidth, configurable: true });
  return el;
}

describe('keyboard access to a table that scrolls sideways', () => {
  it('makes a box that scrolls a focusable, named region, and leaves one that fits alone', () => {
    const host = document.createElement('div');
    const wide = box(1800, 1200);
    const fits = box(900, 1200);
    host.append(wide, fits);
    markScrollRegions(host, '评审列表');
    expect(wide.tabIndex).toBe(0);
    expect(wide.getAttribute('role')).toBe('region');
    expect(wide.getAttribute('aria-label')).toBe('评审列表');
    expect(fits.hasAttribute('tabindex')).toBe(false);
    expect(fits.hasAttribute('role')).toBe(false);
  });

  it('takes the mark back once the box fits again', () => {
    const host = document.createElement('div');
    const el = box(1800, 1200);
    host.append(el);
    markScrollRegions(host, '课题列表');
    Object.defineProperty(el, 'scrollWidth', { value: 1000 });
    markScrollRegions(host, '课题列表');
    expect(el.hasAttribute('tabindex')).toBe(false);
    expect(el.hasAttribute('role')).toBe(false);
  });
});
