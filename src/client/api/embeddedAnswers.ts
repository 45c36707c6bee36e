/**
 * Answers the server wrote into a public page's HTML (server/platform/web/publicPages): the calls
 * the page was drawn from (site settings, route tree, page schemas, the list or record shown). The
 * request layer hands each out once, instead of asking the server again for what the HTML already
 * holds, and only while the address is still the one the page was served at. No React here.
 */

/** Id of the <script type="application/json"> the server writes them in. */
export const EMBEDDED_ANSWERS_ID = 'embedded-answers';

interface Embedded {
  at: string;
  answers: { path: string; body: unknown; data: unknown }[];
}

let kept: { at: string; byKey: Map<string, unknown> } | null | undefined;

/** The same key for the same request however its keys are ordered; subAct and empty values left out. */
export function requestKey(path: string, body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (!v || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const value = (v as Record<string, unknown>)[k];
      if (k === 'subAct' || value === undefined || value === null || (Array.isArray(value) && !value.length)) continue;
      out[k] = canonical(value);
    }
    return out;
  };
  return `${path.replace(/^\//, '')} ${JSON.stringify(canonical(body ?? {}))}`;
}

function read(doc: Document): typeof kept {
  const node = doc.getElementById(EMBEDDED_ANSWERS_ID);
  if (!node?.textContent) return null;
  try {
    const parsed = JSON.parse(node.textContent) as Embedded;
    return { at: parsed.at, byKey: new Map(parsed.answers.map((a) => [requestKey(a.path, a.body), a.data])) };
  } catch {
    return null;
  }
}

/** The embedded answer to this call, given out once; undefined when there is none or the address moved on. */
export function takeEmbedded<T>(
  path: string,
  body: unknown,
  doc: Document | undefined = globalThis.document,
): T | undefined {
  if (!doc) return undefined;
  if (kept === undefined) kept = read(doc);
  if (!kept) return undefined;
  const here = `${doc.location.pathname}${doc.location.search}`;
  if (here !== kept.at) {
    kept = null;
    return undefined;
  }
  const key = requestKey(path, body);
  if (!kept.byKey.has(key)) return undefined;
  const data = kept.byKey.get(key) as T;
  kept.byKey.delete(key);
  return data;
}

/** The address the page's answers were drawn for (the address the server drew), or null when there are none. */
export function servedAddress(doc: Document | undefined = globalThis.document): string | null {
  if (!doc) return null;
  if (kept === undefined) kept = read(doc);
  return kept?.at ?? null;
}

/** Forgets what was read (tests). */
export function resetEmbedded(): void {
  kept = undefined;
}
