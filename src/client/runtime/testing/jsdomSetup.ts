import { afterAll, beforeAll, vi } from 'vitest';

/**
 * Vitest setup for every browser-side test file: in a jsdom file, getComputedStyle answers from
 * indexed rules (indexedComputedStyle.ts) instead of trying each of antd's ~2,500 rules per call,
 * and the head's children come as an array (headChildrenArray.ts), and animation frames come
 * without waiting (promptFrames.ts). Node files skip it without loading jsdom's helpers.
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

// Files share a worker and its document (vitest.config.ts): each starts as a fresh page load would,
// with empty storage and cookies at the root path, and hands on no fake timers.
beforeAll(() => {
  if (typeof window === 'undefined') return;
  window.sessionStorage.clear();
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
});
afterAll(() => {
  vi.useRealTimers();
});
export {};
