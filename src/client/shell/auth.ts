/**
 * Login, logout, role switch and sub-system switch (SPEC §4). No React here: the dialogs call
 * these and then navigate.
 */
import { ApiError } from '../api/ApiError.js';
import { http } from '../api/http.js';
import { session, type UserInfo } from '../api/session.js';
import { STORAGE_KEYS } from '../../shared/storageKeys.js';
import { platformApi } from './platformApi.js';

export const LOGIN_MESSAGES = {
  accountRequired: '用户名不能为空',
  passwordRequired: '密码不能为空',
  captchaRequired: '请输入验证码!',
  badCredentials: '用户名或者密码错误！',
  ssoError: '登录失败,出现异常！',
  selectRole: '请选择角色',
  selectSubSystem: '请选择子系统',
} as const;

/** Logout waits this long for the single sign-on to answer, then goes on anyway (SPEC §4). */
export const LOGOUT_FORCE_MS = 1000;

/** The spec's developer bypass: a user name containing "nologin" skips SSO and captcha (server must allow it). */
export const NOLOGIN = /nologin/i;

export interface LoginForm {
  account: string;
  password: string;
  captchaId?: string;
  captchaCode?: string;
}

export class LoginError extends Error {
  constructor(message: string, public readonly code = -1) {
    super(message);
    this.name = 'LoginError';
  }
}

interface SsoAnswer {
  result?: string;
  data?: unknown;
}

/** Signs in at the SSO; answers the ticket. Failures carry the SSO's message, or 用户名或者密码错误！. */
export async function ssoLogin(form: LoginForm): Promise<string> {
  let answer: SsoAnswer;
  try {
    answer = await http.post<SsoAnswer>('login', {
      account: form.account, password: form.password, captchaId: form.captchaId, captchaCode: form.captchaCode,
    }, { root: 'sso', raw: true, silent: true });
  } catch (e) {
    // The SSO itself failed (no answer, refused request): SPEC §8's code -1 message.
    throw new LoginError(e instanceof ApiError && e.kind === 'envelope' && e.message ? e.message : LOGIN_MESSAGES.ssoError, -1);
  }
  const tgt = (answer?.data as { tgt?: unknown } | undefined)?.tgt;
  if (answer?.result === 'success' && typeof tgt === 'string' && tgt) return tgt;
  const message = typeof answer?.data === 'string' && answer.data.trim() ? answer.data : LOGIN_MESSAGES.badCredentials;
  throw new LoginError(message, 1);
}

/** Loads the user of a ticket into the app (sys/login) and stores it. */
export async function loadUser(tgt: string, engName?: string | null): Promise<UserInfo> {
  const user = await platformApi.sysLogin(tgt, engName);
  session.save(user, tgt);
  return user;
}

/** The whole login of the dialog: SSO ticket, then the app user. */
export async function login(form: LoginForm): Promise<UserInfo> {
  if (NOLOGIN.test(form.account)) {
    return loadUser(form.account, session.engName());
  }
  const tgt = await ssoLogin(form);
  try {
    return await loadUser(tgt);
  } catch (e) {
    throw new LoginError(e instanceof Error && e.message ? e.message : LOGIN_MESSAGES.ssoError, -1);
  }
}

/**
 * On start-up: a stored ticket without a stored user signs in again (a nologin ticket with the
 * stored role name). Answers whether a user is there afterwards.
 */
export async function restoreSession(): Promise<boolean> {
  if (session.user()) return true;
  const tgt = session.tgt();
  if (!tgt) return false;
  try {
    await platformApi.sysLogin(tgt, session.engName()).then((user) => session.save(user, tgt));
    return true;
  } catch {
    session.clear();
    return false;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Logout (SPEC §4): tells the SSO (which ends the ticket, its app tokens and the login cookie) and
 * the app, waits at most 1 s for them, then clears tgt, userObj, engName and the CSRF token.
 */
export async function logout(forceAfterMs = LOGOUT_FORCE_MS): Promise<void> {
  const tgt = session.tgt();
  const calls = Promise.allSettled([
    http.post('logout', tgt ? { tgt } : {}, { root: 'sso', raw: true, silent: true, loading: false, gate: false }),
    session.token() ? platformApi.sysLogout() : Promise.resolve(null),
  ]);
  await Promise.race([calls, delay(forceAfterMs)]);
  session.clear();
  try {
    globalThis.sessionStorage?.removeItem(STORAGE_KEYS.listBasicObj);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

/** Role switch: reloads the user with the chosen role's English name (SPEC §4). */
export async function switchRole(engName: string): Promise<UserInfo> {
  const tgt = session.tgt();
  if (!tgt) throw new LoginError('用户未登录', 501);
  return loadUser(tgt, engName);
}

/**
 * Sub-system switch: saves the chosen one as the session's (and, when asked, the user's default),
 * then reloads the user so its token carries the new sub-system.
 */
export async function switchSubSystem(id: number, setDefault: boolean): Promise<UserInfo> {
  await platformApi.saveDefaultNavigation({ defaultSystem: id, setDefault: setDefault ? 1 : 0 });
  const tgt = session.tgt();
  if (!tgt) throw new LoginError('用户未登录', 501);
  return loadUser(tgt, session.engName());
}

/** Finishing the guided tour: never show it again in this sub-system. */
export function finishTour(): Promise<null> {
  return platformApi.saveDefaultNavigation({ remindAgain: 1 });
}
