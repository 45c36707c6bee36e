import { useSyncExternalStore } from 'react';

/** Below antd's sm breakpoint: a phone held upright. */
export const NARROW_QUERY = '(max-width: 575.98px)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY)
    : null;
}

function subscribe(changed: () => void): () => void {
  const m = media();
  m?.addEventListener('change', changed);
  return () => m?.removeEventListener('change', changed);
}

/**
 * True while the screen is narrower than 576 px (a phone): tables then show their key column and
 * put the rest in an expandable row. Follows rotation and resizing. A render without a window (the
 * server's) draws the wide layout.
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
