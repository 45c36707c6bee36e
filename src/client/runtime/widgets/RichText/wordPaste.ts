/**
 * HTML pasted from Word (or a web page) keeps its structure (headings, paragraphs, bold and
 * italic, lists, tables, links) and loses its looks: Word's own markup (<o:p>, conditional
 * comments, mso-* styles, classes, fonts and colours) would otherwise end up in the stored text.
 * Word writes list items as paragraphs with a typed bullet; they become real lists again.
 */
const DROP = 'style, meta, link, title, xml, script, template, o\\:p, w\\:sdt';
const KEEP_ATTRS: Record<string, string[]> = {
  a: ['href'],
  img: ['src', 'alt'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};
const ORDERED = /^\s*(\(?\d+[.)、．]|[a-zA-Z][.)]|[（(][一二三四五六七八九十\d]+[)）]|[一二三四五六七八九十]+、)/;

function isWordListItem(el: Element): boolean {
  return (
    el.tagName === 'P' &&
    (/MsoListParagraph/i.test(el.getAttribute('class') ?? '') ||
      /mso-list:\s*l\d/i.test(el.getAttribute('style') ?? ''))
  );
}

/** Word's list paragraph → the marker it typed (dropped from the text) and whether it counts. */
function takeMarker(p: Element): boolean {
  const ignore = [...p.querySelectorAll('span')].find((s) => /mso-list:\s*Ignore/i.test(s.getAttribute('style') ?? ''));
  const marker = (ignore?.textContent ?? '').trim();
  ignore?.remove();
  return ORDERED.test(marker);
}

function regroupLists(root: Element | DocumentFragment, doc: Document): void {
  let list: HTMLElement | null = null;
  for (const el of [...root.children]) {
    if (!isWordListItem(el)) {
      list = null;
      regroupLists(el, doc);
      continue;
    }
    const ordered = takeMarker(el);
    if (!list || (list.tagName === 'OL') !== ordered) {
      list = doc.createElement(ordered ? 'ol' : 'ul');
      el.before(list);
    }
    const li = doc.createElement('li');
    const p = doc.createElement('p');
    p.append(...el.childNodes);
    li.append(p);
    list.append(li);
    el.remove();
  }
}

function stripLooks(el: Element): void {
  const keep = KEEP_ATTRS[el.tagName.toLowerCase()] ?? [];
  for (const attr of [...el.attributes]) if (!keep.includes(attr.name.toLowerCase())) el.removeAttribute(attr.name);
  for (const child of [...el.children]) stripLooks(child);
}

function unwrapFonts(root: Element): void {
  // <font> and <span> carry only looks once their attributes are gone.
  for (const el of [...root.querySelectorAll('font, span')]) el.replaceWith(...el.childNodes);
}

export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const body = doc.body;
  const comments = doc.createTreeWalker(body, NodeFilter.SHOW_COMMENT);
  const dead: Node[] = [];
  while (comments.nextNode()) dead.push(comments.currentNode);
  dead.forEach((n) => n.parentNode?.removeChild(n));
  body.querySelectorAll(DROP).forEach((n) => n.remove());
  regroupLists(body, doc);
  stripLooks(body);
  unwrapFonts(body);
  return body.innerHTML;
}
