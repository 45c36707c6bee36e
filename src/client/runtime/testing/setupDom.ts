import { configure } from '@testing-library/dom';
import { installIndexedComputedStyle } from './indexedComputedStyle.js';

/**
 * jsdom lacks a few browser APIs antd and Formily's grid call while rendering; these stand-ins
 * answer like a desktop browser so pages render as they would there.
 */
export function setupDom(): void {
  if (typeof window === 'undefined') return;
  // findBy and waitFor give up after 1 s by default; on a loaded 2-core machine a dialog of antd's
  // can take longer than that to open in jsdom (as ShellLayout.test.tsx found too).
  configure({ asyncUtilTimeout: 5000 });
  if (!window.matchMedia) {
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
    (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  }
  // ProseMirror measures text to place the caret; jsdom has no layout.
  const proto = (globalThis as unknown as { Range?: { prototype: Record<string, unknown> } }).Range?.prototype;
  if (proto && !proto.getClientRects)
    proto.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
  if (proto && !proto.getBoundingClientRect)
    proto.getBoundingClientRect = () => ({
      x: 0,
      y: 0,
      width: 0,
      height: 0,
      top: 0,
      left: 0,
      right: 0,
      bottom: 0,
      toJSON: () => ({}),
    });
  // jsdom's selector engine throws on some of antd's generated CSS (`:where(...)` rules) while
  // computing styles; a browser never does. Fall back to the inline style then.
  installIndexedComputedStyle();
  const original = window.getComputedStyle.bind(window);
  if (!(window.getComputedStyle as { __runtimeSafe?: boolean }).__runtimeSafe) {
    const safe = ((elt: Element) => {
      try {
        // jsdom implements no pseudo-elements; their style is the element's for our purposes.
        return original(elt);
      } catch {
        return (elt as HTMLElement).style ?? original(document.body);
      }
    }) as typeof window.getComputedStyle & { __runtimeSafe?: boolean };
    safe.__runtimeSafe = true;
    window.getComputedStyle = safe;
  }
  const el = (globalThis as unknown as { Element?: { prototype: Record<string, unknown> } }).Element?.prototype;
  if (el && !el.scrollIntoView) el.scrollIntoView = () => undefined;
}

/** Turns rendered HTML into a stable, reviewable text: antd's random ids and style hashes replaced. */
export function normaliseHtml(html: string): string {
  return html
    .replace(/css-dev-only-do-not-override-[a-z0-9]+/g, 'css-HASH')
    .replace(/:r[0-9a-z]+:/g, ':rID:')
    .replace(/rc_select_\d+/g, 'rc_select_N')
    .replace(/rc-tabs-\d+/g, 'rc-tabs-N')
    .replace(/rc_unique_\d+/g, 'rc_unique_N')
    .replace(
      /(id|for|aria-controls|aria-owns|aria-labelledby|aria-describedby|aria-activedescendant)="(rc|ant)[-_][a-z_-]*\d+[^"]*"/g,
      '$1="$2-ID"',
    );
}
