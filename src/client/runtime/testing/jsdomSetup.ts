/**
 * Vitest setup for every test file: in a jsdom file, getComputedStyle answers from indexed rules
 * (indexedComputedStyle.ts) instead of trying each of antd's ~2,500 rules per call. Node files skip
 * it without loading jsdom's helpers.
 */
if (typeof window !== 'undefined') {
  const { installIndexedComputedStyle } = await import('./indexedComputedStyle.js');
  installIndexedComputedStyle();
}
export {};
