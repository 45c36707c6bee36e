import path from 'node:path';
import type { SchemaSet } from './SchemaSet.js';
import { docOf } from './schemaMutations.js';

export { docOf };

const KEYED = ['entities', 'pages', 'workflows', 'dictionaries', 'menus'] as const;
type Keyed = (typeof KEYED)[number];

/** The folder of a key ("entities/topic" → entities); routes and top-level documents answer their own key. */
export function kindOf(key: string): Keyed | 'routes' | 'document' {
  const [head] = key.split('/');
  if ((KEYED as readonly string[]).includes(head) && key.includes('/')) return head as Keyed;
  return key === 'routes' ? 'routes' : 'document';
}

/** A valid key: a folder and a name made of safe path segments, "routes", or a top-level document name. */
export function isSchemaKey(key: string): boolean {
  if (!/^[A-Za-z0-9_./-]{1,200}$/.test(key) || key.includes('..') || key.startsWith('meta')) return false;
  const kind = kindOf(key);
  if (kind === 'document') return /^[A-Za-z][A-Za-z0-9]*$/.test(key);
  return kind === 'routes' || /^[a-z]+\/[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/.test(key);
}

/** The file a key is read from and written to (its own when it has one). */
export function fileOfKey(set: SchemaSet, key: string): string {
  return set.files.get(key) ?? path.join(set.root, `${key}.json`);
}

/** A copy of a set whose maps can be changed without touching the original (documents are shared, never mutated). */
export function cloneSet(set: SchemaSet): SchemaSet {
  return {
    root: set.root,
    entities: new Map(set.entities),
    pages: new Map(set.pages),
    workflows: new Map(set.workflows),
    dictionaries: new Map(set.dictionaries),
    menus: new Map(set.menus),
    routes: [...set.routes],
    documents: new Map(set.documents),
    files: new Map(set.files),
    routesDocument: set.routesDocument,
  };
}

/** Puts one document under its key in a set (a copy: see cloneSet). */
export function putDoc(set: SchemaSet, key: string, doc: unknown): void {
  const kind = kindOf(key);
  set.files.set(key, fileOfKey(set, key));
  if (kind === 'routes') {
    set.routes = (doc as { routes?: SchemaSet['routes'] })?.routes ?? [];
    set.routesDocument = doc;
  } else if (kind === 'document') {
    set.documents.set(key, doc);
  } else {
    (set[kind] as Map<string, unknown>).set(key.slice(kind.length + 1), doc);
  }
}

/**
 * Makes `target` hold what `source` holds, in place: every module keeps the one SchemaSet it was
 * handed at start, so a publish reaches them all without a restart. Synchronous: no request sees
 * half of it.
 */
export function replaceSetInPlace(target: SchemaSet, source: SchemaSet): void {
  for (const kind of KEYED) {
    const map = target[kind] as Map<string, unknown>;
    map.clear();
    for (const [k, v] of source[kind] as Map<string, unknown>) map.set(k, v);
  }
  target.routes.splice(0, target.routes.length, ...source.routes);
  target.routesDocument = source.routesDocument;
  target.documents.clear();
  for (const [k, v] of source.documents) target.documents.set(k, v);
  target.files.clear();
  for (const [k, v] of source.files) target.files.set(k, v);
}
