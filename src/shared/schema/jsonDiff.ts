/** One changed value between two JSON documents, by JSON pointer. */
export interface JsonChange {
  path: string;
  /** Absent: added. */
  before?: unknown;
  /** Absent: removed. */
  after?: unknown;
}

const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * What changed from `a` to `b`, deepest differing value first found: objects compared key by key,
 * arrays item by item (an array whose length changed is one change when short, else item by item).
 * At most `limit` changes, so a rewritten file stays a readable record.
 */
export function jsonDiff(a: unknown, b: unknown, limit = 200): JsonChange[] {
  const out: JsonChange[] = [];
  const walk = (x: unknown, y: unknown, path: string) => {
    if (out.length >= limit) return;
    if (isObject(x) && isObject(y)) {
      for (const k of Object.keys(x)) {
        if (!Object.hasOwn(y, k)) out.push({ path: `${path}/${esc(k)}`, before: x[k] });
        else walk(x[k], y[k], `${path}/${esc(k)}`);
      }
      for (const k of Object.keys(y))
        if (!Object.hasOwn(x, k) && out.length < limit) out.push({ path: `${path}/${esc(k)}`, after: y[k] });
      return;
    }
    if (Array.isArray(x) && Array.isArray(y)) {
      const n = Math.max(x.length, y.length);
      for (let i = 0; i < n; i++) {
        if (i >= x.length) out.push({ path: `${path}/${i}`, after: y[i] });
        else if (i >= y.length) out.push({ path: `${path}/${i}`, before: x[i] });
        else walk(x[i], y[i], `${path}/${i}`);
      }
      return;
    }
    if (JSON.stringify(x) !== JSON.stringify(y)) out.push({ path, before: x, after: y });
  };
  walk(a, b, '');
  return out;
}
