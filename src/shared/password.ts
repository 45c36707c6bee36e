/**
 * The shape of a password (sign-up, creation, change, reset): 8 to 64 characters, none of them a
 * line break or another control character. Shape only: how easily a password is guessed is judged
 * by src/shared/passwordStrength.ts, which the server applies and the forms show as the user types.
 * No rule on kinds of characters: `Passw0rd!` has all four and is guessed at once, while a long
 * phrase of ordinary words is not.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

export const PASSWORD_RULE_TEXT =
  '密码为8-64位，按被猜中的难易判断：常见密码（如 Qwer1234!、Admin@123、Passw0rd!）、键盘排列、单词或平台名称加年份，以及含账号、姓名、手机号、邮箱的密码都会被拒绝；推荐用几个不相关的词组成较长的口令';

export const PASSWORD_SHAPE_MESSAGES = {
  empty: '密码不能为空',
  length: `密码长度须为${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}位`,
  control: '密码不能包含换行符或其他控制字符',
} as const;

export interface PasswordCheck {
  length: boolean;
  noControl: boolean;
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function checkPassword(pw: string): PasswordCheck {
  const chars = [...pw].length;
  return { length: chars >= PASSWORD_MIN_LENGTH && chars <= PASSWORD_MAX_LENGTH, noControl: !CONTROL.test(pw) };
}

/** The message of the first failed shape check, or null when the shape is acceptable. */
export function passwordProblem(pw: unknown): string | null {
  if (typeof pw !== 'string' || !pw) return PASSWORD_SHAPE_MESSAGES.empty;
  const c = checkPassword(pw);
  if (!c.noControl) return PASSWORD_SHAPE_MESSAGES.control;
  return c.length ? null : PASSWORD_SHAPE_MESSAGES.length;
}

/** Envelope code of sys/login when the account must choose a new password before signing in. */
export const MUST_CHANGE_PASSWORD_CODE = 4031;
