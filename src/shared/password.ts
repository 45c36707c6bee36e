/**
 * The password rule of accounts (sign-up, reset, change): 8 to 32 characters with letters and
 * digits, and at least three of lower case, upper case, digits and symbols. The sign-up page shows
 * the same checks as the user types.
 */
export const PASSWORD_RULE_TEXT = '密码为8-32位，须包含字母和数字，且至少包含大写字母、小写字母、数字、符号中的三种';

export interface PasswordCheck {
  length: boolean;
  lettersAndDigits: boolean;
  threeKinds: boolean;
}

export function checkPassword(pw: string): PasswordCheck {
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(pw)).length;
  return {
    length: pw.length >= 8 && pw.length <= 32,
    lettersAndDigits: /[A-Za-z]/.test(pw) && /\d/.test(pw),
    threeKinds: kinds >= 3,
  };
}

/** The message of the first failed check, or null when the password is acceptable. */
export function passwordProblem(pw: unknown): string | null {
  if (typeof pw !== 'string' || !pw) return '密码不能为空';
  if (/\s/.test(pw)) return '密码不能包含空白字符';
  const c = checkPassword(pw);
  return c.length && c.lettersAndDigits && c.threeKinds ? null : PASSWORD_RULE_TEXT;
}

/** Envelope code of sys/login when the account must change its password first (after a reset by an admin). */
export const MUST_CHANGE_PASSWORD_CODE = 4031;
