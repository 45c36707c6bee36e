/** Tour shown only on home, for a logged-in user, when remindAgain of the current sub-system is not 1 (SPEC §4, §9). */
export function shouldShowTour(args: {
  onHome: boolean;
  loggedIn: boolean;
  remindAgain: number | string | null | undefined;
  loaded: boolean;
  /** Closed with ✕ earlier in this browser session (by this user, in this sub-system). */
  closedThisSession?: boolean;
}): boolean {
  return args.onHome && args.loggedIn && args.loaded && !args.closedThisSession && Number(args.remindAgain ?? 0) !== 1;
}

/**
 * Closing the tour with ✕ (or Escape) is a "not now": it holds until the browser session ends.
 * Finishing it is the lasting answer, saved on the server as remindAgain 1 (SPEC §4).
 */
const CLOSED_KEY = 'tourClosed';

function closedKey(username: string, subSystemId: string | number): string {
  return `${CLOSED_KEY}:${username}:${subSystemId}`;
}

export function tourClosedThisSession(username: string | undefined, subSystemId: string | number | undefined): boolean {
  if (!username || subSystemId === undefined) return false;
  try {
    return globalThis.sessionStorage?.getItem(closedKey(username, subSystemId)) === '1';
  } catch {
    return false;
  }
}

export function rememberTourClosed(username: string | undefined, subSystemId: string | number | undefined): void {
  if (!username || subSystemId === undefined) return;
  try {
    globalThis.sessionStorage?.setItem(closedKey(username, subSystemId), '1');
  } catch {
    // Storage refused (private mode at its quota): the tour shows again next time, as before.
  }
}
