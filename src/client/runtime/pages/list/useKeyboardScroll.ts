import { useEffect } from 'react';

/** The scroll boxes antd draws inside a table. */
const BOXES = '.ant-table-content, .ant-table-body';

/**
 * Marks the table scroll boxes under `host` that scroll sideways as focusable, named regions, so a
 * keyboard reaches what is off to the side (WCAG 2.1.1; axe's scrollable-region-focusable). antd
 * draws the boxes itself, hence the look under `host`; a box that fits stays out of the tab order.
 */
export function markScrollRegions(host: HTMLElement, label: string): void {
  for (const box of host.querySelectorAll<HTMLElement>(BOXES)) {
    if (box.scrollWidth > box.clientWidth + 1) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', label);
    } else if (box.getAttribute('role') === 'region') {
      box.removeAttribute('tabindex');
      box.removeAttribute('role');
      box.removeAttribute('aria-label');
    }
  }
}

/** `markScrollRegions` on the table `host` answers, whenever its rows or its size change. */
export function useKeyboardScroll(host: () => HTMLElement | null | undefined, label: string, rows: unknown): void {
  useEffect(() => {
    const el = host();
    if (!el) return;
    markScrollRegions(el, label);
    const resized =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => markScrollRegions(el, label));
    resized?.observe(el);
    return () => resized?.disconnect();
    // `host` reads a ref: the element it answers is the same while the list is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [label, rows]);
}
