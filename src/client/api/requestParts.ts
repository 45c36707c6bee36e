/**
 * The pure parts of building a request: headers, subAct, trimming, the URL of each root.
 * http.ts puts them together with umi-request.
 */
import { appBase } from './appBase.js';

export type ApiRoot = 'api' | 'sso' | 'fileserver';

/** Each root under the page's base path (appBase.ts): `/api/`, or `/ktgl/api/` under /ktgl/. */
export const ROOT_PREFIX: Record<ApiRoot, string> = {
  api: 'api/',
  sso: 'sso/',
  fileserver: 'fileserver/',
};

export const CSRF_HEADER = 'x-csrf-token';

/** Full URL path of `path` under a root; a leading slash on `path` is ignored. */
export function urlOf(path: string, root: ApiRoot = 'api'): string {
  return appBase() + ROOT_PREFIX[root] + path.replace(/^\/+/, '');
}

/** Auth headers: the stored token as Authorization and the CSRF token, when present. */
export function buildHeaders(
  token: string | null | undefined,
  csrfToken: string | null | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = token;
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  return headers;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/** Trims every string, deeply, in plain objects and arrays (SPEC §5); other values pass as they are. */
export function trimStrings<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map(trimStrings) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = trimStrings(v);
    return out as T;
  }
  return value;
}

export interface PreparedPayload {
  /** Body to send (plain object, FormData, or undefined). */
  body: unknown;
  /** Query parameters to send. */
  params: Record<string, unknown>;
}

/**
 * Puts subAct on a call (SPEC §7: query or form body): in a plain-object body when there is one
 * (a body's own subAct wins), otherwise in the query. Strings are trimmed in both.
 */
export function withSubAct(
  body: unknown,
  params: Record<string, unknown> | undefined,
  subAct: string,
): PreparedPayload {
  const query = trimStrings({ ...(params ?? {}) });
  if (body === undefined || body === null) {
    return { body: { subAct }, params: query };
  }
  if (isPlainObject(body)) {
    return { body: { subAct, ...trimStrings(body) }, params: query };
  }
  // Arrays, FormData, Blobs: the body is left as it is and subAct rides in the query.
  return { body: Array.isArray(body) ? trimStrings(body) : body, params: { subAct, ...query } };
}

/** File name from a content-disposition header (RFC 5987 filename* first, then filename). */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain parameter */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const value = (plain[2] ?? plain[1]).trim();
  try {
    // Servers often percent-encode a plain filename too.
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
