import { describe, expect, it } from 'vitest';
import { idCardCheckChar, isValidIdCard } from './idCard.js';

describe('ID number checksum', () => {
  it('accepts a number with the right check character, X in either case', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('11010519491231002x')).toBe(true);
    const base = '44030419900307203';
    expect(isValidIdCard(base + idCardCheckChar(base))).toBe(true);
  });
  it('refuses a wrong check character, a bad date or a wrong length', () => {
    expect(isValidIdCard('110105194912310021')).toBe(false);
    expect(isValidIdCard('110105194902300023')).toBe(false);
    expect(isValidIdCard('11010519491231002')).toBe(false);
    expect(isValidIdCard('abcdefghijklmnopqr')).toBe(false);
  });
});
