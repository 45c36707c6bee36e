import { describe, expect, it } from 'vitest';
import { toOneLine } from './oneLine.js';

describe('a one-line value', () => {
  it('turns line breaks and tabs into one space and drops other control characters', () => {
    expect(toOneLine('2026年度\r\n重点课题')).toBe('2026年度 重点课题');
    expect(toOneLine('a\tb\u2028c')).toBe('a b c');
    expect(toOneLine('x\u0000y\u007f\u009bz')).toBe('xyz');
    expect(toOneLine('普通名称')).toBe('普通名称');
  });
});
