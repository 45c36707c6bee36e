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
 * Closing the tour with ✕ (or Escape) is a "not now": it holds for the rest of the login in that
 * sub-system, in every tab of it (a 首页 opened in a new tab too) and across role and sub-system
 * switches (each of which answers a new app token); signing in again or out forgets it
 * (forgetClosedTours). Finishing it is the lasting answer, saved on the server as remindAgain 1
 * (SPEC §4).
 */
const CLOSED_KEY = 'tourClosed';

function closedKey(username: string, subSystemId: string | number): string {
  return `${CLOSED_KEY}:${username}:${subSystemId}`;
}

interface Closing {
  username: string | undefined;
  subSystemId: string | number | undefined;
}

export function tourClosedThisSession({ username, subSystemId }: Closing): boolean {
  if (!username || subSystemId === undefined) return false;
  try {
    return globalThis.localStorage?.getItem(closedKey(username, subSystemId)) === '1';
  } catch {
    return false;
  }
}

export function rememberTourClosed({ username, subSystemId }: Closing): void {
  if (!username || subSystemId === undefined) return;
  try {
    globalThis.localStorage?.setItem(closedKey(username, subSystemId), '1');
  } catch {
    // Storage refused (private mode at its quota): the tour shows again next time, as before.
  }
}

/** A login or a logout: the tours closed in the login before are asked again. */
export function forgetClosedTours(): void {
  try {
    const store = globalThis.localStorage;
    if (!store) return;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(`${CLOSED_KEY}:`)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
