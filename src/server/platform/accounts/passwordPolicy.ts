import { judgePassword, PASSWORD_STRENGTH_MESSAGES, type PasswordWords } from '../../../shared/passwordStrength.js';

/** Kept for the callers that name the two refusals people meet most. */
export const PASSWORD_POLICY_MESSAGES = {
  common: PASSWORD_STRENGTH_MESSAGES.common,
  personal: PASSWORD_STRENGTH_MESSAGES.personal,
} as const;

/**
 * The server's password rule at sign-up, creation, change and reset: the shape (8-64 characters, no
 * control characters), then how easily it is guessed (src/shared/passwordStrength.ts: zxcvbn-ts's
 * common passwords and words, the portal's name, and the person's account, name, mobile and
 * e-mail). Null when acceptable, else the message that says why not.
 */
export function passwordRefusal(pw: unknown, who: PasswordWords = {}): string | null {
  return judgePassword(pw, who).message;
}
