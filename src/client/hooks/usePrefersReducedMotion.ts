import { startTransition, useEffect, useState } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/**
 * True while the person has asked their system for less motion (an accessibility setting: motion
 * makes some people dizzy). Follows the setting when it changes.
 */
export function usePrefersReducedMotion(initial?: boolean): boolean {
  // `initial` for a first render that must match another drawing (hydrating the server's): the
  // setting is then read once mounted.
  const [reduced, setReduced] = useState(
    () => initial ?? (typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches),
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(QUERY);
    // A transition: where the first render hydrated the server's drawing (in the default theme), the
    // parts still hydrating are finished first rather than drawn afresh.
    const changed = () => startTransition(() => setReduced(media.matches));
    changed();
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, []);
  return reduced;
}
