import { describe, expect, it } from 'vitest';
import { accountType } from './account.js';

describe('accountType', () => {
  it('tells email, mobile and login name apart', () => {
    expect(accountType('a.b@example.org')).toBe('email');
    expect(accountType('13812345678')).toBe('mobile');
    expect(accountType('12812345678')).toBe('loginName');
    expect(accountType('1381234567')).toBe('loginName');
    expect(accountType('leader1')).toBe('loginName');
  });
});
