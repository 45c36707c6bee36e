/**
 * One page at a time may hold work not yet saved (a form being typed, a file being uploaded). It
 * says so here; the menu and the page's own 返回 ask before leaving it, and closing or reloading
 * the tab gets the browser's own question. Knows nothing of forms: a page registers a check.
 */
export const LEAVE_QUESTION = '有尚未保存的修改，确定离开吗？';

let check: (() => boolean) | null = null;

function onBeforeUnload(e: BeforeUnloadEvent): void {
  if (!check?.()) return;
  e.preventDefault();
  e.returnValue = LEAVE_QUESTION;
}

/** Registers the current page's "has unsaved work" check; returns the function that removes it. */
export function holdUnsaved(has: () => boolean): () => void {
  check = has;
  if (typeof window !== 'undefined') window.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    if (check === has) check = null;
    if (typeof window !== 'undefined') window.removeEventListener('beforeunload', onBeforeUnload);
  };
}

/** Whether leaving is fine: nothing unsaved, or the user said so. */
export function mayLeave(): boolean {
  if (!check?.()) return true;
  return typeof window !== 'undefined' && window.confirm(LEAVE_QUESTION);
}
