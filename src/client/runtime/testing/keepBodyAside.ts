import { afterEach, beforeEach } from 'vitest';

/**
 * For a file that writes the document's body as a page would arrive (a server-drawn page, an empty
 * one): each test starts on an empty body, and what the files before it left there (antd's message
 * holder among it) is kept aside meanwhile and put back after the file's own afterEach hooks, so
 * the files that share the worker's document find it where it was. Call it at the top of the file.
 */
export function keepBodyAside(): void {
  let kept: Node[] = [];
  beforeEach(() => {
    kept = Array.from(document.body.childNodes);
    document.body.replaceChildren();
  });
  // Registered before the file's own hooks, so it runs after them (vitest runs after-hooks as a stack).
  afterEach(() => {
    document.body.replaceChildren(...kept);
    kept = [];
  });
}
