/**
 * Login, logout, role switch and sub-system switch (SPEC §4). No React here: the dialogs call
 * these and then navigate.
 */
import { ApiError } from '../api/ApiError.js';
import { contractCall } from '../api/contractCall.js';
import { http } from '../api/http.js';
import { session, type UserInfo } from '../api/session.js';
import { STORAGE_KEYS } from '../../shared/storageKeys.js';
import { MUST_CHANGE_PASSWORD_CODE } from '../../shared/password.js';
import { systemCalls } from '../../shared/contracts/system.js';
import { platformApi } from './platformApi.js';
import { forgetClosedTours } from './tourRule.js';

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
  constructor(
    message: string,
    public readonly code = -1,
  ) {
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
    answer = await http.post<SsoAnswer>(
      'login',
      {
        account: form.account,
        password: form.password,
        captchaId: form.captchaId,
        captchaCode: form.captchaCode,
      },
      { root: 'sso', raw: true, silent: true },
    );
  } catch (e) {
    // The SSO itself failed (no answer, refused request): SPEC §8's code -1 message.
    throw new LoginError(
      e instanceof ApiError && e.kind === 'envelope' && e.message ? e.message : LOGIN_MESSAGES.ssoError,
      -1,
    );
  }
  const tgt = (answer?.data as { tgt?: unknown } | undefined)?.tgt;
  if (answer?.result === 'success' && typeof tgt === 'string' && tgt) return tgt;
  const message = typeof answer?.data === 'string' && answer.data.trim() ? answer.data : LOGIN_MESSAGES.badCredentials;
  throw new LoginError(message, 1);
}

/** The ticket is good but the password was reset by an admin: the dialog asks for a new one first. */
export class PasswordChangeRequired extends Error {
  constructor(
    message: string,
    public readonly tgt: string,
  ) {
    super(message);
    this.name = 'PasswordChangeRequired';
  }
}

/** Sets a new password with the ticket and the password just typed, then signs in with the same ticket. */
export async function changePasswordAndLogin(tgt: string, oldPassword: string, newPassword: string): Promise<UserInfo> {
  await contractCall(systemCalls.changePassword, { tgt, oldPassword, newPassword }, { silent: true });
  return loadUser(tgt);
}

/**
 * Loads the user into the app (sys/login) and stores it. With a ticket just issued (held in
 * memory only) or, without one, from the current app session (role and sub-system switch).
 */
export async function loadUser(tgt: string | null, engName?: string | null): Promise<UserInfo> {
  const user = await platformApi.sysLogin(tgt, engName);
  session.save(user);
  return user;
}

/** The whole login of the dialog: SSO ticket, then the app user. */
export async function login(form: LoginForm): Promise<UserInfo> {
  // A new login: the tours closed in the one before are asked again.
  forgetClosedTours();
  if (NOLOGIN.test(form.account)) {
    return loadUser(form.account, session.engName());
  }
  const tgt = await ssoLogin(form);
  try {
    return await loadUser(tgt);
  } catch (e) {
    if (e instanceof ApiError && e.code === MUST_CHANGE_PASSWORD_CODE) throw new PasswordChangeRequired(e.message, tgt);
    throw new LoginError(e instanceof Error && e.message ? e.message : LOGIN_MESSAGES.ssoError, -1);
  }
}

/** On start-up: whether a stored user is there (no ticket is stored to sign in again with). */
export async function restoreSession(): Promise<boolean> {
  return !!session.user();
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Logout (SPEC §4): tells the SSO (which ends the ticket, its app tokens and the login cookie) and
 * the app, waits at most 1 s for them, then clears userObj, engName and the CSRF token.
 */
export async function logout(forceAfterMs = LOGOUT_FORCE_MS): Promise<void> {
  // The SSO finds the ticket in its own cookie.
  const calls = Promise.allSettled([
    http.post('logout', {}, { root: 'sso', raw: true, silent: true, loading: false, gate: false }),
    session.token() ? platformApi.sysLogout() : Promise.resolve(null),
  ]);
  await Promise.race([calls, delay(forceAfterMs)]);
  session.clear();
  forgetClosedTours();
  try {
    globalThis.sessionStorage?.removeItem(STORAGE_KEYS.listBasicObj);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

/** Role switch: reloads the user with the chosen role's English name (SPEC §4). */
export async function switchRole(engName: string): Promise<UserInfo> {
  if (!session.token()) throw new LoginError('用户未登录', 501);
  return loadUser(null, engName);
}

/**
 * Sub-system switch: saves the chosen one as the session's (and, when asked, the user's default),
 * then reloads the user so its token carries the new sub-system.
 */
export async function switchSubSystem(id: number, setDefault: boolean): Promise<UserInfo> {
  await platformApi.saveDefaultNavigation({ defaultSystem: id, setDefault: setDefault ? 1 : 0 });
  if (!session.token()) throw new LoginError('用户未登录', 501);
  return loadUser(null, session.engName());
}

/** Finishing the guided tour: never show it again in this sub-system. */
export function finishTour(): Promise<null> {
  return platformApi.saveDefaultNavigation({ remindAgain: 1 });
}
