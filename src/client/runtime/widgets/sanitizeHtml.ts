/**
 * Client-side allow-list for showing stored rich text. The server sanitises on save (sanitize-html);
 * this is the second fence, so a record written before that rule or by another path still cannot
 * run script in the page: only these tags and attributes survive, links only http(s)/mailto/relative.
 */
const TAGS = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'code',
  'pre',
  'hr',
  'span',
  'div',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);
const ALIGNABLE = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th']);
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
]);
const ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'title', 'target', 'rel']),
  img: new Set(['src', 'alt', 'title', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan']),
};

/** Raster images only: an SVG data URL could carry script (the server keeps the same rule). */
const IMAGE_DATA = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]+$/i;

export function safeUrl(url: string, forImage = false): boolean {
  if (forImage && IMAGE_DATA.test(url.trim())) return true;
  const u = url.trim().toLowerCase();
  // Protocol-relative URLs leave the site: refused like foreign schemes.
  if (u.startsWith('//') || u.startsWith('/\\')) return false;
  if (u.startsWith('http://') || u.startsWith('https://') || u.startsWith('/') || u.startsWith('#')) return true;
  if (!forImage && u.startsWith('mailto:')) return true;
  return !/^[a-z][a-z0-9+.-]*:/.test(u);
}

/** How a kept link or picture address is written out: as stored, or resolved (under the base path). */
type Resolve = (url: string) => string;

function clean(node: Node, doc: Document, resolve: Resolve): Node | null {
  if (node.nodeType === 3) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== 1) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROP_WITH_CONTENT.has(tag)) return null;
  const children = [...el.childNodes].map((c) => clean(c, doc, resolve)).filter((c): c is Node => c !== null);
  if (!TAGS.has(tag)) {
    const frag = doc.createDocumentFragment();
    children.forEach((c) => frag.appendChild(c));
    return frag;
  }
  const out = doc.createElement(tag);
  const allowed = ATTRS[tag];
  for (const attr of [...el.attributes]) {
    const name = attr.name.toLowerCase();
    if (name === 'style' && ALIGNABLE.has(tag)) {
      // Alignment is the one look rich text keeps (the editor's 左对齐 / 居中 / 右对齐).
      const align = /(?:^|;)\s*text-align\s*:\s*(left|center|right|justify)\s*(?:;|$)/i.exec(attr.value)?.[1];
      if (align) out.setAttribute('style', `text-align: ${align.toLowerCase()}`);
      continue;
    }
    if (!allowed?.has(name)) continue;
    if (name === 'href' || name === 'src') {
      if (safeUrl(attr.value, name === 'src')) out.setAttribute(name, resolve(attr.value));
      continue;
    }
    out.setAttribute(name, attr.value);
  }
  if (tag === 'a' && out.getAttribute('target') === '_blank') out.setAttribute('rel', 'noopener noreferrer');
  children.forEach((c) => out.appendChild(c));
  return out;
}

let outsideBrowser: ((html: string) => string) | null = null;

/** The sanitiser to use where there is no DOM to clean in (the server hands its own: records/sanitizeRichText.ts). */
export function setSanitizerOutsideBrowser(sanitize: ((html: string) => string) | null): void {
  outsideBrowser = sanitize;
}

/**
 * Stored rich text, cleaned. Views pass `resolve: underBase` so addresses stored from the portal's
 * root (a picture's `/api/file/image/…`) load under the base path; the editor keeps them as stored.
 */
export function sanitizeHtml(html: unknown, options: { resolve?: Resolve } = {}): string {
  const resolve = options.resolve ?? ((url: string) => url);
  if (typeof html !== 'string' || html === '') return '';
  if (typeof DOMParser === 'undefined') {
    // Outside a browser (the server's drawing of a page): its own sanitiser, the one every save
    // goes through, with addresses resolved as below; none given, the text is shown as text.
    if (outsideBrowser)
      return outsideBrowser(html).replace(
        /\s(href|src)="([^"]*)"/g,
        (_m, name: string, url: string) => ` ${name}="${resolve(url)}"`,
      );
    return html.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
  }
  // DOMParser documents are inert: nothing in them loads or runs while we walk them.
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const target = document.implementation.createHTMLDocument('');
  const box = target.createElement('div');
  for (const child of [...doc.body.childNodes]) {
    const c = clean(child, target, resolve);
    if (c) box.appendChild(c);
  }
  return box.innerHTML;
}
