import { describe, expect, it } from 'vitest';
import { ALLOWED_PUNCTUATION, filterText, passesTextFilter, textFilterMessage } from './textFilter.js';

describe('filterText', () => {
  it('keeps Chinese, digits, letters and whitespace', () => {
    expect(filterText('课题 Topic 2024\t一\n二')).toBe('课题 Topic 2024\t一\n二');
  });
  it('removes emoji, including multi-code-unit and joined ones', () => {
    expect(filterText('好😀课题👨‍👩‍👧题🇨🇳')).toBe('好课题题');
    expect(filterText('👍🏽')).toBe('');
  });
  it('keeps every allowed punctuation mark and drops other symbols', () => {
    expect(filterText(ALLOWED_PUNCTUATION)).toBe(ALLOWED_PUNCTUATION);
    expect(filterText('a$b^c~d|e<f>g{h}i`j\\k')).toBe('abcdefghijk');
    expect(filterText('研究（一）：“双减”背景下的作业设计。')).toBe('研究（一）：“双减”背景下的作业设计。');
  });
  it('drops symbols that look like letters or digits but are not', () => {
    expect(filterText('①②Ⅻ™©®')).toBe('');
  });
  it('answers an empty string for nothing', () => {
    expect(filterText('')).toBe('');
    expect(filterText(null)).toBe('');
    expect(filterText(undefined)).toBe('');
  });
});

describe('passesTextFilter', () => {
  it('accepts what the filter keeps whole, refuses emoji and symbols with a message naming the field', () => {
    expect(passesTextFilter('研究（一）：作业设计。')).toBe(true);
    expect(passesTextFilter('作业😀设计')).toBe(false);
    expect(textFilterMessage('课题名称')).toBe('课题名称不能包含表情或特殊字符');
  });
});
