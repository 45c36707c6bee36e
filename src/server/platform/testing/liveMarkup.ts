import { JSDOM } from 'jsdom';

/** What an attacker would store or put in an address: script, an event handler, a redirecting meta, a form, a style, quotes. */
export const HOSTILE =
  '<script>alert(1)</script><img src=x onerror=alert(2)><meta http-equiv="refresh" content="0;url=https://evil.example"><form action="https://evil.example"><input name=p></form><style>body{display:none}</style><iframe src="https://evil.example"></iframe>"\'&';

/** A page the server drew: what is inside its root, before the app's data and loader. */
export function drawnRoot(html: string): string {
  return /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
}

/**
 * What of HOSTILE came out live in drawn markup, read as a browser reads it (its text shown as text
 * is fine, in an element's content or an attribute's value): an element it would make, an event
 * handler, an address leading to the attacker's site.
 */
export function liveMarkup(html: string): string[] {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  const found: string[] = [];
  for (const el of doc.body.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    // Rich text keeps its pictures (sanitised: no handler) and a list has its search form; none of these is ever kept.
    if (['script', 'iframe', 'meta', 'style'].includes(tag)) found.push(`<${tag}>`);
    if (tag === 'input' && el.getAttribute('name') === 'p') found.push('<input name=p>');
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name)) found.push(`${tag} ${attr.name}`);
      if (['href', 'src', 'action', 'formaction', 'content'].includes(attr.name) && attr.value.includes('evil.example'))
        found.push(`${tag} ${attr.name}=${attr.value}`);
    }
  }
  return found;
}
