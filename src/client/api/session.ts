import { STORAGE_KEYS, clearSessionKeys, readJson, readSubAct } from '../../shared/storageKeys.js';

/** A role the user holds (SPEC §3 roleList). */
export interface RoleInfo {
  roleCode: string;
  roleName: string;
  engName: string;
}

/** User info as sys/login answers it (SPEC §3). */
export interface UserInfo {
  username: string;
  realName?: string;
  roleCode: string;
  roleName: string;
  roleList: RoleInfo[];
  headImg?: string | null;
  /** App token sent as Authorization. */
  token: string;
  isAdmin: boolean;
  idCardNo?: string;
  mobile?: string;
  areaCode?: string | null;
  orgName?: string | null;
  /** Current sub-system of this session. */
  subSystemId?: number | string | null;
  /** CSRF token echoed by state-changing calls. */
  csrfToken?: string;
  [key: string]: unknown;
}

type Listener = () => void;
export type LoginRequest = { reason: 'notLoggedIn' | 'privateRoute' | 'button'; message?: string; redirect?: string };
type LoginListener = (request: LoginRequest) => void;

const listeners = new Set<Listener>();
const loginListeners = new Set<LoginListener>();

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

// Cached so useSyncExternalStore sees the same object until something changes.
let cachedUser: UserInfo | null | undefined;

function changed(): void {
  cachedUser = undefined;
  listeners.forEach((l) => l());
}

/**
 * The browser side of the login state, kept in local storage under the keys of SPEC §3
 * (userObj, engName, the CSRF token; not the ticket, see save). Components subscribe to it; the request layer reads
 * the token from it and asks for the login flow through it.
 */
export const session = {
  user(): UserInfo | null {
    if (cachedUser === undefined) cachedUser = readJson<UserInfo>(storage(), STORAGE_KEYS.userObj);
    return cachedUser;
  },
  token(): string | null {
    return session.user()?.token ?? null;
  },
  csrfToken(): string | null {
    return storage()?.getItem(STORAGE_KEYS.csrfToken) ?? session.user()?.csrfToken ?? null;
  },
  engName(): string | null {
    return storage()?.getItem(STORAGE_KEYS.engName) ?? null;
  },
  subAct(): string {
    return readSubAct(storage());
  },
  setSubAct(value: string): void {
    storage()?.setItem(STORAGE_KEYS.subAct, value);
  },
  isLoggedIn(): boolean {
    return !!session.token();
  },
  /**
   * Stores what a login (or role switch) answered. The SSO ticket is never stored: it stays in its
   * HttpOnly cookie, and a role switch signs in again with the app token.
   */
  save(user: UserInfo): void {
    const s = storage();
    if (!s) return;
    // A ticket left by an older version of the app goes too.
    s.removeItem(STORAGE_KEYS.tgt);
    const { tgt: _ticket, ...kept } = user as UserInfo & { tgt?: unknown };
    s.setItem(STORAGE_KEYS.userObj, JSON.stringify(kept));
    const active = user.roleList?.find((r) => r.roleCode === user.roleCode);
    if (active?.engName) s.setItem(STORAGE_KEYS.engName, active.engName);
    if (user.csrfToken) s.setItem(STORAGE_KEYS.csrfToken, user.csrfToken);
    else s.removeItem(STORAGE_KEYS.csrfToken);
    changed();
  },
  /** Clears tgt, userObj, engName and the CSRF token (SPEC §4); subAct stays. */
  clear(): void {
    clearSessionKeys(storage());
    changed();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Asks the shell to open the login dialog. */
  requestLogin(request: LoginRequest): void {
    loginListeners.forEach((l) => l(request));
  },
  onLoginRequest(listener: LoginListener): () => void {
    loginListeners.add(listener);
    return () => loginListeners.delete(listener);
  },
};

// Another tab logging in or out changes this tab's state too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === STORAGE_KEYS.userObj || e.key === STORAGE_KEYS.csrfToken) changed();
  });
}
