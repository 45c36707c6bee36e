import { describe, expect, it } from 'vitest';
import { rangeText } from './rangeText.js';

describe('the range a number field accepts, said next to it', () => {
  it('names both bounds, and whole numbers for an integer', () => {
    expect(rangeText({ type: 'integer', label: '每个课题专家人数', minimum: 1, maximum: 15 })).toBe('可填1到15的整数');
    expect(rangeText({ type: 'number', label: '分歧阈值', minimum: 0, maximum: 100 })).toBe('可填0到100');
  });
  it('names a single bound', () => {
    expect(rangeText({ type: 'number', label: '金额', minimum: 0 })).toBe('可填不小于0的数');
    expect(rangeText({ type: 'integer', label: '排序', maximum: 999 })).toBe('可填不大于999的整数');
  });
  it('says nothing for a field without bounds or one that is not a number', () => {
    expect(rangeText({ type: 'number', label: '分数' })).toBeNull();
    expect(rangeText({ type: 'string', label: '名称', maxLength: 10 })).toBeNull();
  });
});
