import { describe, expect, it } from 'vitest';
import { countMismatch } from './menuCounts.js';

describe("a menu badge against its list's total", () => {
  it('flags a plain count that is not the total, and only that', () => {
    expect(countMismatch('共 16 项', ['共14条记录'])).toBe('菜单 共 16 项 ≠ 列表 共14条记录');
    expect(countMismatch('共 14 项', ['共14条记录'])).toBeNull();
    // A count that says what it counts, no badge, several lists or none: nothing to compare.
    expect(countMismatch('待办 3 项', ['共14条记录'])).toBeNull();
    expect(countMismatch(null, ['共14条记录'])).toBeNull();
    expect(countMismatch('共 3 项', ['共3条记录', '共5条记录'])).toBeNull();
    expect(countMismatch('共 3 项', [])).toBeNull();
  });
});
