import { describe, expect, it } from 'vitest';
import { hasNonXmlChars, stripNonXmlChars, stripNonXmlDeep } from './xmlText.js';

describe('characters XML cannot hold', () => {
  it('takes out C0 controls (not tab or newlines), U+FFFE, U+FFFF and lone surrogates, keeping pairs', () => {
    expect(stripNonXmlChars('a\u0000b\u0007c\u000Bd\u001Fe\uFFFEf\uFFFFg')).toBe('abcdefg');
    expect(stripNonXmlChars('行一\n行二\r\n\t缩进')).toBe('行一\n行二\r\n\t缩进');
    expect(stripNonXmlChars('x\uD800y\uDC00z')).toBe('xyz');
    expect(stripNonXmlChars('表情😀保留')).toBe('表情😀保留');
    expect(hasNonXmlChars('ok')).toBe(false);
    expect(hasNonXmlChars('\uFFFF')).toBe(true);
  });

  it('cleans strings inside lists and rows', () => {
    expect(stripNonXmlDeep([{ name: '张\uFFFE三', unit: ['a\u0001'] }, 3])).toEqual([{ name: '张三', unit: ['a'] }, 3]);
  });
});
