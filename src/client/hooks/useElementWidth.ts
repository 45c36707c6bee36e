import { startTransition, useEffect, useState } from 'react';

/**
 * The width of an element as laid out, followed as it changes (a window resized, the menu folded):
 * 0 until it is first measured, or where there is no ResizeObserver (a render without a browser).
 * Widths are whole pixels, so a sub-pixel wobble does not draw the page again.
 */
export function useElementWidth(element: () => HTMLElement | null | undefined): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = element();
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0]?.contentRect.width ?? 0);
      // A transition: where the browser hydrates the server's drawing, the parts still hydrating
      // are finished first rather than drawn afresh (an urgent update there is React's error 421).
      startTransition(() => setWidth((cur) => (cur === w ? cur : w)));
    });
    observer.observe(el);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the element is read once it is mounted
  }, []);
  return width;
}
