/**
 * What a dictionary-coded value shows while its dictionary is still loading: a neutral mark, never
 * the raw code (a code on screen, even for a moment, reads as a fault to the user).
 */
export const DICT_PENDING_TEXT = '…';

export function DictPending() {
  return (
    <span className="runtime-dict-pending" aria-busy="true" aria-label="加载中">
      {DICT_PENDING_TEXT}
    </span>
  );
}
