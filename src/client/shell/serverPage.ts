/**
 * Taking over a page the server drew (server/platform/web/publicPages) where the app cannot hydrate
 * it (shell/hydration.ts): a signed-in person's page, which is not the visitor's the server drew,
 * or the server's own plainer page. The app renders into a box of its own beside the server's page,
 * laid out but not shown, and the two change places in one frame once the app shows the same
 * content, so the visitor never sees the page empty or half drawn. After TAKEOVER_MAX_MS the app is
 * shown whatever it holds. No React here.
 */
import { session } from '../api/session.js';

/** The longest the server's page stands in for the app. */
export const TAKEOVER_MAX_MS = 8000;

/** The address the server drew and the title it gave it (a record's own title, which the route's name is not). */
let served: { at: string; title: string } | null = null;

/** Keeps the address the server drew and its title (the app's tab title then stays the server's there). */
export function rememberServed(doc: Document): void {
  served = { at: `${doc.location.pathname}${doc.location.search}`, title: doc.title };
}

/** Whether the app is being drawn unseen beside the server's page (takeOverContainer), not yet swapped in. */
let takingOver = false;

/** The server's title for this address, if the server drew it. */
export function servedTitle(at: string): string | null {
  return served && served.at === at ? served.title : null;
}

/**
 * The texts the app's page must show before it replaces the server's, for a signed-in person (a
 * visitor's page is shown once it looks the same: takeOverContainer): its titles and first rows'
 * links. Not a banner's links, a record's actions (注册, 我要申报: drawn for visitors, shown by
 * role), a section's 更多 or the pager's page numbers (which the app's pager may fold): none of
 * them is in a table cell.
 */
export function markersOf(page: Element): string[] {
  return [...new Set([...page.querySelectorAll('h1, h2, td a')].map((e) => e.textContent!.trim()))]
    .filter(Boolean)
    .slice(0, 6);
}

const EARLY_LOGIN = '#root > .ssr-frame .shell-login-button';

/** Whether publicBoot.js marked its script element with a press of 登录 (answers once). */
function takeEarlyLoginPress(doc: Document): boolean {
  const boot = doc.getElementById('app-boot');
  if (boot?.getAttribute('data-pressed') !== 'login') return false;
  boot.removeAttribute('data-pressed');
  return true;
}

/**
 * Calls `open` when the visitor presses the 登录 of the shell the server drew: before the app had
 * arrived (publicBoot.js kept the press on its script element) or while the app is still drawn
 * unseen beside the server's page. Answers the function that stops listening.
 */
export function onEarlyLoginPress(open: () => void, doc: Document | undefined = globalThis.document): () => void {
  if (!doc) return () => undefined;
  if (takeEarlyLoginPress(doc)) open();
  const listen = (e: Event) => {
    const target = e.target as Element | null;
    // A hydrated page's 登录 is the app's own.
    if (!takingOver) return;
    if (!target?.closest?.(EARLY_LOGIN)) return;
    takeEarlyLoginPress(doc);
    open();
  };
  doc.addEventListener('click', listen, true);
  return () => doc.removeEventListener('click', listen, true);
}

/** Whether `box` shows every marker text. */
export function showsAll(box: Element, markers: string[]): boolean {
  const text = box.textContent ?? '';
  return markers.every((m) => text.includes(m));
}

/**
 * How tall a frame's content area is and what it says: equal for two drawings that look the same
 * (a form grid not laid out yet, or a part still loading, changes both).
 */
export function drawingOf(frame: Element): string {
  // The server's own plainer drawing has no content area: its whole page, which the app's is not.
  const content = frame.querySelector('.shell-content') ?? frame;
  return `${content.clientHeight}|${content.textContent}`;
}

export type Field = HTMLInputElement | HTMLTextAreaElement;

/** Sets a field's value as typing would: React's controlled inputs hear of it by the input event. */
export function typeInto(field: Field, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * What the visitor typed into the server's page before the app took it over (a list's search box,
 * the certificate check), and where the caret was, carried into the same fields of the app's page:
 * the two drawings are the same, so their fields pair up in order. Nothing is carried between
 * drawings whose fields differ.
 */
export function carryFields(from: Element, to: Element): void {
  const theirs = [...from.querySelectorAll<Field>('input, textarea')];
  const ours = [...to.querySelectorAll<Field>('input, textarea')];
  if (theirs.length !== ours.length || theirs.some((f, i) => f.type !== ours[i].type)) return;
  const active = from.ownerDocument.activeElement;
  theirs.forEach((field, i) => {
    const mine = ours[i];
    if (field.type === 'checkbox' || field.type === 'radio' || field.type === 'file') return;
    if (field.value !== mine.value) typeInto(mine, field.value);
    if (field !== active) return;
    mine.focus();
    try {
      mine.setSelectionRange(field.selectionStart, field.selectionEnd);
    } catch {
      // A field without a caret (a number box): focus is enough.
    }
  });
}

/**
 * The element the app should render into: #root itself when the server drew nothing, else a new
 * box after the server's page, which takes its place when ready.
 */
export function takeOverContainer(doc: Document = document): HTMLElement {
  const root = doc.getElementById('root')!;
  // The page alone, or inside the shell's frame the server drew around it (the whole frame is replaced).
  const server = root.querySelector(':scope > .ssr-page, :scope > .ssr-frame');
  if (!server) return root;
  rememberServed(doc);
  takingOver = true;
  const box = doc.createElement('div');
  box.className = 'app-takeover';
  // Laid out at the page's width (antd measures as it mounts), out of sight and of the flow.
  box.style.cssText = 'position:absolute;inset:0 0 auto;visibility:hidden;pointer-events:none';
  box.setAttribute('aria-hidden', 'true');
  root.appendChild(box);
  // A signed-in person's page rightly differs from the visitor's: it is shown once it has the
  // server page's texts. For a visitor, the app's page is shown once it looks the same; the
  // server's own plainer drawing (no dist-ssr/) never does, and stands until TAKEOVER_MAX_MS.
  const markers = session.user() ? markersOf(server.querySelector('.ssr-page') ?? server) : null;
  const started = performance.now();
  const swap = () => {
    takingOver = false;
    box.removeAttribute('style');
    box.removeAttribute('aria-hidden');
    carryFields(server, box);
    server.remove();
  };
  /** Whether to swap, this long after the app started drawing. */
  const ready = (ms: number) =>
    ms > TAKEOVER_MAX_MS || (markers ? showsAll(box, markers) : drawingOf(box) === drawingOf(server));
  const check = () => {
    if (ready(performance.now() - started)) swap();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  return box;
}
