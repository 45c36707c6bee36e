/** Browser storage keys of SPEC §3. One place, so logout clears exactly what login wrote. */
export const STORAGE_KEYS = {
  /** SSO ticket-granting ticket (local storage). */
  tgt: 'tgt',
  /** The user info of sys/login as JSON, including the app `token` (local storage). */
  userObj: 'userObj',
  /** English name of the active role, e.g. FZR (local storage). */
  engName: 'engName',
  /** The a/b variant sent with every call (local storage). */
  subAct: 'subAct',
  /** Remembered state of the topic list: filters and page (session storage). */
  listBasicObj: 'listBasicObj',
  /** CSRF token echoed in the x-csrf-token header (local storage). */
  csrfToken: 'csrfToken',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export const DEFAULT_SUB_ACT = 'a';

/** What logout (and a lost session) removes from local storage (SPEC §4). */
export const SESSION_STORAGE_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.tgt,
  STORAGE_KEYS.userObj,
  STORAGE_KEYS.engName,
  STORAGE_KEYS.csrfToken,
];

type Reader = Pick<Storage, 'getItem'>;
type Writer = Pick<Storage, 'removeItem'>;

/** The stored subAct, or `a` when none (or an empty one) is stored. */
export function readSubAct(storage: Reader | undefined): string {
  const value = storage?.getItem(STORAGE_KEYS.subAct)?.trim();
  return value ? value : DEFAULT_SUB_ACT;
}

/** Parses a stored JSON value; a missing or corrupt value is null rather than an exception. */
export function readJson<T>(storage: Reader | undefined, key: StorageKey): T | null {
  const raw = storage?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Removes the login keys (tgt, userObj, engName, CSRF token); subAct survives. */
export function clearSessionKeys(storage: Writer | undefined): void {
  for (const key of SESSION_STORAGE_KEYS) storage?.removeItem(key);
}
