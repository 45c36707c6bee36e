import fs from 'node:fs';
import path from 'node:path';
import type { SchemaSet } from './SchemaSet.js';

export class SchemaLoadError extends Error {
  constructor(public readonly problems: { file: string; path: string; message: string }[]) {
    super(problems.map((p) => `${p.file}${p.path ? ` at ${p.path}` : ''}: ${p.message}`).join('\n'));
    this.name = 'SchemaLoadError';
  }
}

function readJson(file: string, problems: SchemaLoadError['problems']): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    problems.push({ file, path: '', message: `not valid JSON: ${(e as Error).message}` });
    return undefined;
  }
}

function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsonFiles(full));
    else if (entry.name.endsWith('.json')) out.push(full);
  }
  return out.sort();
}

/**
 * Reads schemas/ into a SchemaSet. Only parses; checking against the meta-schemas and cross
 * references is done by checkSchemas (the server refuses to start when it reports anything).
 */
export function loadSchemas(root: string): SchemaSet {
  const problems: SchemaLoadError['problems'] = [];
  const set: SchemaSet = {
    root,
    entities: new Map(),
    pages: new Map(),
    workflows: new Map(),
    dictionaries: new Map(),
    menus: new Map(),
    routes: [],
    documents: new Map(),
    files: new Map(),
  };
  const keyed = <T>(sub: string, map: Map<string, T>, key: (doc: any, file: string) => string) => {
    for (const file of jsonFiles(path.join(root, sub))) {
      const doc = readJson(file, problems) as any;
      if (doc === undefined) continue;
      const k = key(doc, file);
      if (map.has(k)) problems.push({ file, path: '', message: `duplicate ${sub} key "${k}"` });
      map.set(k, doc);
      set.files.set(`${sub}/${k}`, file);
    }
  };
  keyed('entities', set.entities, (d, f) => d?.name ?? path.basename(f, '.json'));
  keyed('pages', set.pages, (d, f) => d?.id ?? path.relative(path.join(root, 'pages'), f).replace(/\.json$/, ''));
  keyed('workflows', set.workflows, (d, f) => d?.name ?? path.basename(f, '.json'));
  keyed('dictionaries', set.dictionaries, (d, f) => d?.type ?? path.basename(f, '.json'));
  keyed('menus', set.menus, (d, f) => d?.roleCode ?? path.basename(f, '.json'));
  const routesFile = path.join(root, 'routes.json');
  if (fs.existsSync(routesFile)) {
    const doc = readJson(routesFile, problems) as any;
    if (doc) set.routes = doc.routes ?? [];
    set.files.set('routes', routesFile);
  }
  for (const entry of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    if (!entry.endsWith('.json') || entry === 'routes.json') continue;
    const file = path.join(root, entry);
    const doc = readJson(file, problems);
    if (doc !== undefined) {
      set.documents.set(entry.replace(/\.json$/, ''), doc);
      set.files.set(entry.replace(/\.json$/, ''), file);
    }
  }
  if (problems.length) throw new SchemaLoadError(problems);
  return set;
}
