/**
 * Taking over a page the server drew (server/platform/web/publicPages): the app renders into a box
 * of its own beside the server's page, laid out but not shown, and the two change places in one
 * frame once the app shows the same content (the texts of the server page's links and headings),
 * so the visitor never sees the page empty or half drawn. After TAKEOVER_MAX_MS the app is shown
 * whatever it holds. No React here.
 */

/** The longest the server's page stands in for the app. */
export const TAKEOVER_MAX_MS = 8000;

/** The address the server drew and the title it gave it (a record's own title, which the route's name is not). */
let served: { at: string; title: string } | null = null;

/** The server's title for this address, if the server drew it. */
export function servedTitle(at: string): string | null {
  return served && served.at === at ? served.title : null;
}

/**
 * The texts the app's page must show before it replaces the server's: its title and first rows'
 * links (not the pager's page numbers, which the app's pager may fold into an ellipsis). A banner's
 * links and a record's actions (注册, 我要申报) are drawn for visitors and the app shows them by
 * role, so a signed-in person's page may rightly lack them: they are no markers.
 */
export function markersOf(page: Element): string[] {
  const texts = [...page.querySelectorAll('h1, h2, a')]
    .filter((e) => !e.closest('nav, .ssr-banner-links, .ssr-actions'))
    .map((e) => (e.textContent ?? '').trim())
    .filter((t) => t && t !== '更多');
  return [...new Set(texts)].slice(0, 6);
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
 * The element the app should render into: #root itself when the server drew nothing, else a new
 * box after the server's page, which takes its place when ready.
 */
export function takeOverContainer(doc: Document = document): HTMLElement {
  const root = doc.getElementById('root')!;
  // The page alone, or inside the shell's frame the server drew around it (the whole frame is replaced).
  const server = root.querySelector(':scope > .ssr-page, :scope > .ssr-frame');
  if (!server) return root;
  served = { at: `${doc.location.pathname}${doc.location.search}`, title: doc.title };
  const box = doc.createElement('div');
  box.className = 'app-takeover';
  // Laid out at the page's width (antd measures as it mounts), out of sight and of the flow.
  box.style.cssText = 'position:absolute;left:0;top:0;width:100%;visibility:hidden;pointer-events:none';
  box.setAttribute('aria-hidden', 'true');
  root.appendChild(box);
  const markers = markersOf(server.querySelector('.ssr-page') ?? server);
  const started = performance.now();
  const swap = () => {
    server.remove();
    box.removeAttribute('style');
    box.removeAttribute('aria-hidden');
  };
  const check = () => {
    if (showsAll(box, markers) || performance.now() - started > TAKEOVER_MAX_MS) swap();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  return box;
}
