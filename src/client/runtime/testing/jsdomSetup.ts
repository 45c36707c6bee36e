/**
 * Vitest setup for every test file: in a jsdom file, getComputedStyle answers from indexed rules
 * (indexedComputedStyle.ts) instead of trying each of antd's ~2,500 rules per call, and the head's
 * children come as an array (headChildrenArray.ts), and animation frames come without waiting
 * (promptFrames.ts). Node files skip it without loading jsdom's helpers.
 */
if (typeof window !== 'undefined') {
  const [{ installIndexedComputedStyle }, { installHeadChildrenArray }, { installPromptFrames }] = await Promise.all([
    import('./indexedComputedStyle.js'),
    import('./headChildrenArray.js'),
    import('./promptFrames.js'),
  ]);
  installIndexedComputedStyle();
  installHeadChildrenArray();
  installPromptFrames();
}
export {};
