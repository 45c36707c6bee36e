import { describe, expect, it } from 'vitest';
import { isFormulaLike, neutraliseCell } from './neutraliseCell.js';

describe('neutraliseCell', () => {
  it('prefixes cells a spreadsheet would run as a formula, after any white space or control or format character', () => {
    for (const v of [
      '=1+1',
      '+1',
      '-2',
      '@SUM(A1)',
      ' =1',
      '\t=1',
      '\r=1',
      '\u0000=1',
      '\u200b=HYPERLINK("x")',
      '\ufeff+1',
      '\u3000-1',
      '\n\u200b @x',
      '＝1',
    ]) {
      expect(neutraliseCell(v), JSON.stringify(v)).toBe(`'${v}`);
      expect(isFormulaLike(v)).toBe(true);
    }
  });
  it('leaves ordinary text, numbers and empty cells alone', () => {
    for (const v of ['课题', 'a=b', '1-2', '', ' ', '\u200b', 'x@y.cn', "'=1"]) expect(neutraliseCell(v)).toBe(v);
    expect(neutraliseCell(-5)).toBe(-5);
    expect(neutraliseCell(null)).toBe(null);
  });
});
