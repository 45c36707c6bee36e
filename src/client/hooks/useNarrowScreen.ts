import { startTransition, useContext, useEffect, useState } from 'react';
import { DrawnAtOnce } from './useFirstPaintDone.js';

/** Below antd's sm breakpoint: a phone held upright. */
export const NARROW_QUERY = '(max-width: 575.98px)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY)
    : null;
}

/**
 * True while the screen is narrower than 576 px (a phone): tables then show their key column and
 * put the rest in an expandable row. Follows rotation and resizing. A render without a window (the
 * server's) draws the wide layout, and so does the browser's first render hydrating it
 * (DrawnAtOnce); the phone's layout follows as a transition, so the parts still hydrating are
 * finished first rather than drawn afresh (an urgent update there is React's error 421).
 */
export function useNarrowScreen(): boolean {
  const atOnce = useContext(DrawnAtOnce);
  const [narrow, setNarrow] = useState(() => !atOnce && (media()?.matches ?? false));
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
