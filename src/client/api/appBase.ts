/** The base path where there is no page to read it from: the server's drawing of a page (set by it). */
let baseOutsideBrowser = '/';

/** Sets the base path addresses are written under where there is no page (the server's drawing). */
export function setBaseOutsideBrowser(base: string): void {
  baseOutsideBrowser = base.endsWith('/') ? base : `${base}/`;
}

/**
 * The base path the portal is served under, as the server wrote it into the page (`<base href>`,
 * server: platform/web/baseHref.ts): one build serves any base, so nothing about it is built in.
 * '/' where the page has none (the development server, tests).
 */
export function appBase(doc: Document | undefined = globalThis.document): string {
  if (!doc) return baseOutsideBrowser;
  const href = doc?.querySelector('base')?.getAttribute('href') ?? '';
  if (!href.startsWith('/')) return '/';
  return href.endsWith('/') ? href : `${href}/`;
}

/**
 * An address of this portal written from its root (`/logo.svg`, settings and stored content name
 * them so), under the base path; other addresses as they are.
 */
export function underBase(url: string, base: string = appBase()): string {
  if (base === '/' || !url.startsWith('/') || url.startsWith('//') || url.startsWith(base)) return url;
  return base + url.slice(1);
}
