/**
 * One build of the web app serves any base path: its assets are addressed relative to the page
 * (vite `base: './'`), and the server writes the base into every page it sends as `<base href>`,
 * which the browser resolves the assets against and the app reads for its router and its calls
 * (src/client/api/appBase.ts).
 */
export function withBaseHref(html: string, basePath: string): string {
  const tag = `<base href="${basePath.replace(/[&"<>]/g, '')}">`;
  return html.replace(/<base href="[^"]*">/, '').replace(/<head>/i, (head) => `${head}${tag}`);
}

const UNDER_BASE = /^\/(?:api|sso|fileserver)(?:[/?]|$)/;

/**
 * The address a request is routed by: the app's calls come under the base path
 * (`/ktgl/api/…`, as a proxy that forwards only `/ktgl/` passes them) and are served as `/api/…`.
 * Calls at the root keep working, so links stored before the base was set still open.
 */
export function routedUrl(url: string, basePath: string): string {
  if (basePath === '/' || !url.startsWith(basePath)) return url;
  const rest = url.slice(basePath.length - 1);
  return UNDER_BASE.test(rest) ? rest : url;
}
