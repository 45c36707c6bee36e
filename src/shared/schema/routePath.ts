/**
 * A route path as routes.json, menus and links compare it: no query or hash, no repeated or
 * trailing slash, '/' for the root. The shell matches addresses with it and the schema check
 * matches links, so both read a path alike.
 */
export function normalisePath(pathname: string): string {
  const p = pathname.split(/[?#]/)[0].replace(/\/{2,}/g, '/');
  return p.length > 1 ? p.replace(/\/+$/, '') : p || '/';
}
