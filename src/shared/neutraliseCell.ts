/**
 * Spreadsheet formula injection guard for every export (CSV here, xlsx in other modules).
 * A spreadsheet runs a cell as a formula when its first meaningful character is = + - or @, and
 * it skips leading white space, control characters (U+0000, tab, CR) and invisible format
 * characters (U+200B, U+FEFF...) to find it. So a cell whose first character that is none of
 * those is one of = + - @ gets a leading apostrophe, which makes the spreadsheet show it as text.
 */
const SKIPPED = /^[\s\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}]*/u;
const FORMULA_START = /^[=+\-@＝＋－＠]/u;

export function isFormulaLike(value: string): boolean {
  return FORMULA_START.test(value.replace(SKIPPED, ''));
}

/** The cell as it is safe to export: unchanged unless a spreadsheet would read it as a formula. */
export function neutraliseCell<T>(value: T): T | string {
  if (typeof value !== 'string') return value;
  return isFormulaLike(value) ? `'${value}` : value;
}
