import { jsonDiff, type JsonChange } from '../../../shared/schema/jsonDiff.js';

/**
 * What in a schema says who may read, write or act: an entity's `access`, and every `roles` and
 * `actor` anywhere (workflow transitions, routes, menu entries, pages, blocks). A change to any of
 * them is an access change: a proposal that a super admin approves, not a publish.
 */
const ACCESS_KEYS = new Set(['access', 'roles', 'actor']);

/** An array item's name that survives insertions before it: its path, action, id, key or field. */
function itemName(item: unknown, index: number): string {
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const o = item as Record<string, unknown>;
    if (typeof o.action === 'string') return `${o.action}@${JSON.stringify(o.from ?? '')}`;
    for (const k of ['path', 'id', 'key', 'field', 'code', 'name', 'title'])
      if (typeof o[k] === 'string' || typeof o[k] === 'number') return `${k}=${String(o[k])}`;
  }
  return String(index);
}

/** The access-bearing values of a document by a path of stable names (arrays by their items' names). */
export function accessProjection(doc: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (node: unknown, at: string) => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}${at ? ' › ' : ''}${itemName(v, i)}`));
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) {
        if (ACCESS_KEYS.has(k)) out[`${at}${at ? ' › ' : ''}${k}`] = v;
        else walk(v, `${at}${at ? ' › ' : ''}${k}`);
      }
  };
  walk(doc, '');
  return out;
}

/** The access changes between two versions of a document (empty: none). */
export function accessChanges(before: unknown, after: unknown): JsonChange[] {
  return jsonDiff(accessProjection(before), accessProjection(after));
}
