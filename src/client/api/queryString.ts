/**
 * The two calls umi-request makes of `qs`, for the browser build (vite.config.ts aliases `qs` here):
 * `stringify(value, { arrayFormat: 'repeat', strictNullHandling: true })` for query strings and
 * form bodies, and `parse(text, { strictNullHandling: true })` for URLSearchParams. qs with the
 * polyfills it pulls in (side-channel, get-intrinsic, object-inspect) is the largest part of the
 * request layer's chunk; these do the same for the options umi-request passes, which
 * queryString.test.ts checks against qs itself.
 */

interface StringifyOptions {
  arrayFormat?: string;
  strictNullHandling?: boolean;
}
interface ParseOptions {
  strictNullHandling?: boolean;
}

/** RFC 3986 like qs: everything but letters, digits and -._~ is percent-encoded. */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function pairs(prefix: string, value: unknown, nulls: boolean, out: string[]): void {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return;
  if (value === null) {
    if (nulls) out.push(encode(prefix));
    else out.push(`${encode(prefix)}=`);
    return;
  }
  if (Array.isArray(value)) {
    // arrayFormat 'repeat': a=1&a=2, nested values keep the same key.
    for (const item of value) pairs(prefix, item, nulls, out);
    return;
  }
  if (typeof value === 'object' && !(value instanceof Date)) {
    for (const key of Object.keys(value))
      pairs(`${prefix}[${key}]`, (value as Record<string, unknown>)[key], nulls, out);
    return;
  }
  out.push(`${encode(prefix)}=${encode(scalar(value))}`);
}

export function stringify(value: unknown, options: StringifyOptions = {}): string {
  if (value === null || typeof value !== 'object') return '';
  const out: string[] = [];
  for (const key of Object.keys(value))
    pairs(key, (value as Record<string, unknown>)[key], !!options.strictNullHandling, out);
  return out.join('&');
}

function decode(text: string): string {
  const plus = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus;
  }
}

/** Flat keys only (what URLSearchParams holds); a repeated key becomes an array. */
export function parse(text: string, options: ParseOptions = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const part of text.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    const value: string | null = eq < 0 ? (options.strictNullHandling ? null : '') : decode(part.slice(eq + 1));
    const seen = out[key];
    if (seen === undefined) out[key] = value;
    else out[key] = Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

export default { stringify, parse };
