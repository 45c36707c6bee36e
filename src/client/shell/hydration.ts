/**
 * Hydrating a public page the server drew with the app's own tree (ssr/serverFrame.tsx): the
 * browser prepares the same page from the answers written into the HTML and hydrates the markup in
 * place (main.tsx), so nothing on screen is drawn again. No React here.
 */
import { servedAddress } from '../api/embeddedAnswers.js';
import { session } from '../api/session.js';
import type { PageToDraw } from '../runtime/pages/preparedPagesContext.js';
import { typeInto, type Field } from './serverPage.js';

/** The attribute of the server's frame that says it is the app's tree, with the page drawn in it (JSON, or empty for none). */
export const HYDRATE_ATTR = 'data-hydrate';

/** The attribute of the server's frame that says it was drawn for a phone (hooks/useNarrowScreen.ts DrawnNarrow). */
export const NARROW_ATTR = 'data-narrow';

/**
 * The server's drawing to hydrate and the page in it; null where the app draws afresh: no drawing,
 * a drawing that is not the app's tree (the server's own plainer page), a drawing of another
 * address, or a signed-in person, whose page is not the visitor's the server drew
 * (shell/serverPage.ts takes that one over).
 */
export function hydratable(
  doc: Document = document,
): { frame: HTMLElement; page: PageToDraw | null; narrow: boolean } | null {
  const frame = doc.querySelector<HTMLElement>(`#root > .ssr-frame[${HYDRATE_ATTR}]`);
  if (!frame || session.user()) return null;
  // The address moved on before the app arrived (a script's pushState): the drawing is another page's.
  if (servedAddress(doc) !== `${doc.location.pathname}${doc.location.search}`) return null;
  try {
    const page = JSON.parse(frame.getAttribute(HYDRATE_ATTR) || 'null') as PageToDraw | null;
    return { frame, page, narrow: frame.hasAttribute(NARROW_ATTR) };
  } catch {
    return null;
  }
}

/** Whether React has taken this element of the server's markup over. */
function hydrated(el: Element): boolean {
  return Object.keys(el).some((k) => k.startsWith('__reactProps$'));
}

/** How long fields are watched for their hydration (a part in a chunk of its own hydrates when it arrives). */
const CARRY_WATCH_MS = 10_000;

/**
 * What the visitor typed into the server's fields before the app arrived, carried into the app as
 * typing once each field is hydrated: React keeps a field's text on hydrating it but holds the
 * server's value, and its next render would put that back. React set each field's default value
 * to the one it holds: a field whose text differs was typed into. The caret stays where it was.
 */
export function carryTyped(frame: Element, win: Window = window): void {
  const started = win.performance.now();
  let waiting = [...frame.querySelectorAll<Field>('input, textarea')].filter(
    (f) => f.type !== 'checkbox' && f.type !== 'radio' && f.type !== 'file' && f.type !== 'hidden',
  );
  const check = () => {
    waiting = waiting.filter((field) => {
      if (!field.isConnected) return false;
      if (!hydrated(field)) return true;
      const text = field.value;
      if (text !== field.defaultValue) {
        const [start, end] = [field.selectionStart, field.selectionEnd];
        // Through React's own setter first: it then sees the text as a change.
        field.value = field.defaultValue;
        typeInto(field, text);
        if (field.ownerDocument.activeElement === field) field.setSelectionRange(start, end);
      }
      return false;
    });
    if (waiting.length && win.performance.now() - started < CARRY_WATCH_MS) win.requestAnimationFrame(check);
  };
  win.requestAnimationFrame(check);
}
