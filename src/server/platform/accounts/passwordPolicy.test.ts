import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_MESSAGES, commonPasswordCount, passwordRefusal } from './passwordPolicy.js';

describe('password policy', () => {
  it('holds at least the 10,000 most common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses common passwords whatever their case, with a clear message', () => {
    for (const pw of ['Aa123456', 'Password1', 'P@ssw0rd', 'Qwerty123', 'Abc123456'])
      expect(passwordRefusal(pw), pw).toBe(PASSWORD_POLICY_MESSAGES.common);
  });

  it('refuses a password containing the account name or the mobile number', () => {
    expect(passwordRefusal('Leader1@xyz', { username: 'leader1' })).toBe(PASSWORD_POLICY_MESSAGES.personal);
    expect(passwordRefusal('Zz#13812345678', { username: 'someone', mobile: '13812345678' })).toBe(
      PASSWORD_POLICY_MESSAGES.personal,
    );
  });

  it('accepts the demo password and other uncommon ones that follow the shape rule', () => {
    expect(passwordRefusal('Demo@2026', { username: 'leader1', mobile: '13800000001' })).toBeNull();
    expect(passwordRefusal('Reset@2026', { username: 'admin' })).toBeNull();
    expect(passwordRefusal('aaaaaaaa')).not.toBeNull();
  });
});
