import { describe, expect, it } from 'vitest';
import { maskIdCard, maskPhone } from './masks.js';

describe('masks', () => {
  it('keeps the first 4 and last 4 of an ID number', () => {
    expect(maskIdCard('110101198001010011')).toBe('1101**********0011');
    expect(maskIdCard('12345678')).toBe('12345678');
    expect(maskIdCard('1234567')).toBe('1234567');
    expect(maskIdCard(null)).toBe('');
  });
  it('keeps the first 2 and last 4 of a phone number', () => {
    expect(maskPhone('13800000001')).toBe('13*****0001');
    expect(maskPhone('123456')).toBe('123456');
    expect(maskPhone('12345')).toBe('12345');
  });
});
