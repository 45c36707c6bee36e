/**
 * One page at a time may hold work not yet saved (a form being typed, a file being uploaded). It
 * says so here; the menu and the page's own 返回 ask before leaving it, the browser's back and
 * forward buttons ask too, and closing or reloading the tab gets the browser's own question. Knows
 * nothing of forms: a page registers a check.
 */
export const LEAVE_QUESTION = '有尚未保存的修改，确定离开吗？';

let check: (() => boolean) | null = null;

function onBeforeUnload(e: BeforeUnloadEvent): void {
  if (!check?.()) return;
  e.preventDefault();
  e.returnValue = LEAVE_QUESTION;
}

/** The history entry of the page holding unsaved work: where a refused back / forward returns. */
let held: { idx: unknown; url: string; state: unknown } | null = null;
/** Set while the entry is being restored: that move is the guard's own, no one else hears it. */
let restoring = false;
/** Set once the user agreed to leave (返回 asks, then goes back): that back is not asked again. */
let agreed = false;

const indexOf = (state: unknown): unknown =>
  state && typeof state === 'object' ? (state as { idx?: unknown }).idx : undefined;

/**
 * Back / forward: the entry has already changed when popstate fires, so a refusal moves back to
 * the held entry. Listening in the capture phase runs before the router's own listener, and
 * stopping the event keeps the router from rendering the page the user declined to go to.
 */
function onPopState(e: PopStateEvent): void {
  if (restoring) {
    restoring = false;
    e.stopImmediatePropagation();
    return;
  }
  if (agreed) {
    agreed = false;
    return;
  }
  if (!held || !check?.() || window.confirm(LEAVE_QUESTION)) return;
  e.stopImmediatePropagation();
  const from = held.idx;
  const to = indexOf(window.history.state);
  if (typeof from === 'number' && typeof to === 'number' && from !== to) {
    // The router numbers its entries (state.idx): go back to the held one, forward history kept.
    restoring = true;
    window.history.go(from - to);
  } else {
    window.history.pushState(held.state, '', held.url);
  }
}

/** Registers the current page's "has unsaved work" check; returns the function that removes it. */
export function holdUnsaved(has: () => boolean): () => void {
  check = has;
  if (typeof window === 'undefined')
    return () => {
      if (check === has) check = null;
    };
  held = { idx: indexOf(window.history.state), url: window.location.href, state: window.history.state };
  agreed = false;
  window.addEventListener('beforeunload', onBeforeUnload);
  window.addEventListener('popstate', onPopState, true);
  return () => {
    if (check === has) {
      check = null;
      held = null;
      agreed = false;
    }
    window.removeEventListener('beforeunload', onBeforeUnload);
    window.removeEventListener('popstate', onPopState, true);
  };
}

/** Whether leaving is fine: nothing unsaved, or the user said so. */
export function mayLeave(): boolean {
  if (!check?.()) return true;
  agreed = typeof window !== 'undefined' && window.confirm(LEAVE_QUESTION);
  return agreed;
}
