export type AccountType = 'email' | 'mobile' | 'loginName';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^1[3-9]\d{9}$/;

/** Account type detection of SPEC §5: email, mobile (1[3-9] and 9 digits) or login name. */
export function accountType(account: string): AccountType {
  if (EMAIL.test(account)) return 'email';
  if (MOBILE.test(account)) return 'mobile';
  return 'loginName';
}
