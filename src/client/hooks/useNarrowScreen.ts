import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import { DrawnAtOnce } from './useFirstPaintDone.js';

/**
 * Whether a drawing made in one go (the server's, and the browser's first render hydrating it) is
 * the phone's: the server draws it so for a browser that says it is a phone (its client
 * hint Sec-CH-UA-Mobile, or its User-Agent where it sends no hint).
 */
export const DrawnNarrow = createContext(false);

/** Below antd's sm breakpoint: a phone held upright. */
export const NARROW_QUERY = '(max-width: 575.98px)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY)
    : null;
}

/**
 * True while the screen is narrower than 576 px (a phone): tables then show their key column and
 * put the rest in an expandable row. Follows rotation and resizing. A drawing made in one go (the
 * server's, and the browser's first render hydrating it: DrawnAtOnce) is wide unless it was drawn
 * for a phone (DrawnNarrow); the screen's own width follows as a transition, so the parts still
 * hydrating are finished first rather than drawn afresh (an urgent update there is React's error 421).
 */
export function useNarrowScreen(): boolean {
  const atOnce = useContext(DrawnAtOnce);
  const drawnNarrow = useContext(DrawnNarrow);
  const [narrow, setNarrow] = useState(() => (atOnce ? drawnNarrow : (media()?.matches ?? false)));
  useEffect(() => {
    const m = media();
    if (!m) return;
    const changed = () => startTransition(() => setNarrow(m.matches));
    changed();
    m.addEventListener('change', changed);
    return () => m.removeEventListener('change', changed);
  }, []);
  return narrow;
}
