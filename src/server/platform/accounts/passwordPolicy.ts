import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordProblem } from '../../../shared/password.js';

export const PASSWORD_POLICY_MESSAGES = {
  common: '该密码过于常见，容易被猜中，请换一个不常见的密码',
  personal: '密码不能包含账号或手机号',
} as const;

/**
 * The ~49,000 most common passwords of zxcvbn-ts's common list (ranked from leaked password
 * sets), compared case-insensitively: `Aa123456` and `Password1` are there as aa123456 and
 * password1. Read once, when first asked.
 */
let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

/** Whether the password is on the common list (the list's size is reported by tests). */
export function isCommonPassword(pw: string): boolean {
  return commonPasswords().has(pw.toLowerCase());
}

export function commonPasswordCount(): number {
  return commonPasswords().size;
}

/**
 * The server's password rule at sign-up, creation, change and after a reset: the shape rule the
 * forms show as the user types (src/shared/password.ts), then no common password and nothing that
 * contains the account's own name or mobile number. Null when acceptable, else the message.
 */
export function passwordRefusal(
  pw: unknown,
  who: { username?: string | null; mobile?: string | null } = {},
): string | null {
  const shape = passwordProblem(pw);
  if (shape) return shape;
  const text = String(pw);
  if (isCommonPassword(text)) return PASSWORD_POLICY_MESSAGES.common;
  const lower = text.toLowerCase();
  const name = who.username?.trim().toLowerCase();
  const mobile = who.mobile?.trim();
  if ((name && name.length >= 3 && lower.includes(name)) || (mobile && mobile.length >= 6 && lower.includes(mobile)))
    return PASSWORD_POLICY_MESSAGES.personal;
  return null;
}
