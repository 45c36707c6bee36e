/**
 * A widget that changed its page's record on the server (a score sheet submitting) says so, and
 * other widgets of the same record re-read what depends on it (a discussion opening once submitted).
 */
import { useEffect } from 'react';
import { announceDataChanged } from './dataChanged.js';

const EVENT = 'rt:recordChanged';

export function announceRecordChanged(id: unknown): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { id: String(id) } }));
  announceDataChanged();
}

export function useRecordChanged(id: unknown, onChange: () => void): void {
  useEffect(() => {
    if (typeof window === 'undefined') return undefined;
    const listener = (e: Event) => {
      if ((e as CustomEvent<{ id: string }>).detail?.id === String(id)) onChange();
    };
    window.addEventListener(EVENT, listener);
    return () => window.removeEventListener(EVENT, listener);
  }, [id, onChange]);
}
