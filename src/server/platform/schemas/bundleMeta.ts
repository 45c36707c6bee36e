/**
 * One meta-schema as a single document, for an editor that reads it without fetching others: the
 * files it refers to (common, rule, action) are placed under its `$defs` by file name and every
 * `$ref` becomes a local pointer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DOCUMENT_META, META_FILES, PAGE_KINDS, type MetaKind } from './metaValidation.js';

type Json = unknown;

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Rewrites the `$ref`s of `doc` (read from `file`) as pointers into the bundle rooted at `root`. */
function rewrite(doc: Json, file: string, root: string, needed: Set<string>): Json {
  if (Array.isArray(doc)) return doc.map((d) => rewrite(d, file, root, needed));
  if (!doc || typeof doc !== 'object') return doc;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(doc)) {
    if (k === '$ref' && typeof v === 'string') {
      const hash = v.indexOf('#');
      const target = hash === 0 ? file : hash < 0 ? v : v.slice(0, hash);
      const inner = hash < 0 ? '' : v.slice(hash + 1);
      if (target !== root) needed.add(target);
      out[k] = target === root ? `#${inner}` : `#/$defs/${escape(target)}${inner}`;
    } else out[k] = rewrite(v, file, root, needed);
  }
  return out;
}

const cache = new Map<string, { stamp: number; doc: Json }>();

/** The meta-schema `name` of `metaDir` with the files it refers to bundled in. */
export function bundledMetaSchema(metaDir: string, name: string): Json {
  const read = (f: string) => JSON.parse(fs.readFileSync(path.join(metaDir, f), 'utf8')) as Json;
  const stamp = fs.statSync(path.join(metaDir, name)).mtimeMs;
  const key = path.join(metaDir, name);
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) return hit.doc;
  const needed = new Set<string>();
  const root = rewrite(read(name), name, name, needed) as Record<string, Json>;
  const defs: Record<string, Json> = { ...((root.$defs as Record<string, Json>) ?? {}) };
  const done = new Set<string>();
  for (let pending = [...needed]; pending.length; pending = [...needed].filter((f) => !done.has(f))) {
    for (const f of pending) {
      done.add(f);
      if (!/^[\w.-]+\.json$/.test(f) || !fs.existsSync(path.join(metaDir, f))) continue;
      defs[f] = rewrite(read(f), f, name, needed);
    }
  }
  const doc = { ...root, $defs: defs };
  cache.set(key, { stamp, doc });
  return doc;
}

/** The meta-schema file a schema file is checked by, from its studio key and content. */
export function metaFileOf(key: string, doc: unknown): string | undefined {
  const folder = key.includes('/') ? key.slice(0, key.indexOf('/')) : '';
  const byFolder: Record<string, MetaKind> = {
    entities: 'entity',
    workflows: 'workflow',
    dictionaries: 'dictionary',
    menus: 'menu',
  };
  if (byFolder[folder]) return META_FILES[byFolder[folder]];
  if (folder === 'pages') {
    const kind = (doc as { kind?: unknown })?.kind;
    return typeof kind === 'string' && PAGE_KINDS.includes(kind) ? META_FILES[kind as MetaKind] : undefined;
  }
  if (key === 'routes') return META_FILES.routes;
  const documentKind = DOCUMENT_META[key];
  return documentKind ? META_FILES[documentKind] : undefined;
}
