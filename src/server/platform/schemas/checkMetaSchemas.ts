import fs from 'node:fs';
import path from 'node:path';
import type { SchemaSet } from './SchemaSet.js';
import {
  ajvProblems,
  DOCUMENT_META,
  findTemplates,
  META_FILES,
  metaDirOf,
  metaValidators,
  PAGE_KINDS,
  type MetaKind,
} from './metaValidation.js';

/** Reports a problem at a file's JSON pointer. */
export type AddProblem = (file: string, pointer: string, message: string) => void;

/**
 * Checks every schema file against the meta-schema of its kind (the folder's own `meta/`, else the
 * bundled one), that it declares that meta-schema as its `$schema`, and that it holds no `{{ }}`.
 */
export function checkMetaSchemas(set: SchemaSet, fileOf: (key: string) => string, add: AddProblem): void {
  const root = set.root;
  const metaDir = metaDirOf(root);
  const validators = metaValidators(metaDir);

  const checkMeta = (file: string, doc: unknown, kind: MetaKind) => {
    const expected = path.join(metaDir, META_FILES[kind]);
    const declared = (doc as { $schema?: unknown })?.$schema;
    const want = path.relative(path.dirname(file), expected).split(path.sep).join('/');
    if (typeof declared !== 'string') {
      add(file, '/$schema', `missing "$schema": "${want}"`);
    } else if (path.resolve(path.dirname(file), declared) !== expected && declared !== want) {
      add(file, '/$schema', `"$schema" must be "${want}" (the ${kind} meta-schema)`);
    }
    const validate = validators.get(kind)!;
    if (!validate(doc)) for (const p of ajvProblems(validate.errors ?? [])) add(file, p.path, p.message);
    for (const p of findTemplates(doc, '')) add(file, p, 'no {{ }} expressions: write a JSON rule');
  };

  for (const [name, e] of set.entities) checkMeta(fileOf(`entities/${name}`), e, 'entity');
  for (const [id, p] of set.pages) {
    const kind = (p as { kind?: string }).kind;
    if (kind && PAGE_KINDS.includes(kind)) checkMeta(fileOf(`pages/${id}`), p, kind as MetaKind);
    else add(fileOf(`pages/${id}`), '/kind', `must be one of: ${PAGE_KINDS.map((k) => `"${k}"`).join(', ')}`);
  }
  for (const [name, w] of set.workflows) checkMeta(fileOf(`workflows/${name}`), w, 'workflow');
  for (const [type, d] of set.dictionaries) checkMeta(fileOf(`dictionaries/${type}`), d, 'dictionary');
  for (const [role, m] of set.menus) checkMeta(fileOf(`menus/${role}`), m, 'menu');
  const routesFile = set.files.get('routes');
  if (routesFile) {
    let doc: unknown = set.routesDocument;
    if (doc === undefined)
      try {
        doc = JSON.parse(fs.readFileSync(routesFile, 'utf8'));
      } catch {
        doc = { routes: set.routes };
      }
    checkMeta(routesFile, doc, 'routes');
  }
  for (const [name, doc] of set.documents) {
    if (DOCUMENT_META[name]) checkMeta(fileOf(name), doc, DOCUMENT_META[name]!);
    for (const p of findTemplates(doc, '')) add(fileOf(name), p, 'no {{ }} expressions: write a JSON rule');
  }
}
