/**
 * The meta-schemas of schemas/meta/ as compiled validators, and the readable problems they report:
 * the first half of `npm run schemas:check` (every file against the meta-schema of its kind).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import {
  PAGE_KIND_META,
  PAGE_KINDS as SHARED_PAGE_KINDS,
  type PageKind,
} from '../../../shared/schema/pageKindNames.js';

export type MetaKind =
  | PageKind
  | 'entity'
  | 'workflow'
  | 'dictionary'
  | 'menu'
  | 'routes'
  | 'settings'
  | 'subSystems'
  | 'changeKinds'
  | 'reviewTargets';
export const META_FILES: Record<MetaKind, string> = {
  ...PAGE_KIND_META,
  entity: 'entity.schema.json',
  settings: 'settings.schema.json',
  subSystems: 'subSystems.schema.json',
  workflow: 'workflow.schema.json',
  dictionary: 'dictionary.schema.json',
  menu: 'menu.schema.json',
  routes: 'routes.schema.json',
  changeKinds: 'change-kinds.schema.json',
  reviewTargets: 'review-targets.schema.json',
};
/** Top-level documents (schemas/<name>.json) checked against a meta-schema, by file name. */
export const DOCUMENT_META: Record<string, MetaKind | undefined> = {
  settings: 'settings',
  subSystems: 'subSystems',
  topicChangeKinds: 'changeKinds',
  reviewTargets: 'reviewTargets',
};
export const PAGE_KINDS: readonly string[] = SHARED_PAGE_KINDS;
const SUPPORT_FILES = ['common.schema.json', 'rule.schema.json', 'action.schema.json'];

const here = path.dirname(fileURLToPath(import.meta.url));
export const BUNDLED_META = path.resolve(here, '../../../../schemas/meta');

/** The meta-schemas a schema folder is checked by: its own `meta/`, else the bundled ones. */
export function metaDirOf(schemaRoot: string): string {
  return fs.existsSync(path.join(schemaRoot, 'meta', META_FILES.entity)) ? path.join(schemaRoot, 'meta') : BUNDLED_META;
}

const validatorCache = new Map<string, Map<MetaKind, ValidateFunction>>();

/**
 * Compiles the meta-schemas of a folder once per process for each content of its files (a copied
 * folder, or a file changed and changed back, finds the validators already compiled).
 */
export function metaValidators(metaDir: string): Map<MetaKind, ValidateFunction> {
  const files = [...SUPPORT_FILES, ...Object.values(META_FILES)];
  const texts = files.map((f) => fs.readFileSync(path.join(metaDir, f), 'utf8'));
  const hash = createHash('sha256');
  for (const text of texts) hash.update(text).update('\0');
  const key = hash.digest('hex');
  const cached = validatorCache.get(key);
  if (cached) return cached;
  const ajv = new Ajv({ allErrors: true, strict: false, discriminator: true });
  files.forEach((f, i) => ajv.addSchema(JSON.parse(texts[i]!), f));
  const out = new Map<MetaKind, ValidateFunction>();
  for (const [kind, f] of Object.entries(META_FILES) as [MetaKind, string][]) out.set(kind, ajv.getSchema(f)!);
  validatorCache.set(key, out);
  return out;
}

export function escapePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Ajv's errors, one per place, the most specific first; noise of anyOf / oneOf branches dropped. */
export function ajvProblems(errors: ErrorObject[]): { path: string; message: string }[] {
  const items = errors.map((e) => {
    let p = e.instancePath;
    let message = e.message ?? 'invalid';
    if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      p = `${p}/${escapePointer(extra)}`;
      message = `unknown key "${extra}"`;
    } else if (e.keyword === 'enum') {
      message = `must be one of: ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (e.keyword === 'required') {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      message = `missing required key "${missing}"`;
    } else if (e.keyword === 'const') {
      message = `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    }
    return { path: p, message, branch: e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if' };
  });
  const deeper = (p: string) => items.some((o) => !o.branch && o.path !== p && o.path.startsWith(`${p}/`));
  const seen = new Set<string>();
  const out: { path: string; message: string }[] = [];
  for (const it of items) {
    if (it.branch && deeper(it.path)) continue;
    const k = `${it.path}|${it.message}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ path: it.path, message: it.message });
  }
  // Several failed branches of one anyOf at one place say the same thing several ways: keep the first.
  const byPath = new Map<string, { path: string; message: string }>();
  for (const o of out) if (!byPath.has(o.path)) byPath.set(o.path, o);
  return [...byPath.values()];
}

/** Route paths are compared without query, hash and trailing slash; `:x` segments match anything. */

/** Pointers of every string (value or key) holding a {{ }} expression. */
export function findTemplates(doc: unknown, pointer: string): string[] {
  if (typeof doc === 'string') return /\{\{|\}\}/.test(doc) ? [pointer] : [];
  if (Array.isArray(doc)) return doc.flatMap((v, i) => findTemplates(v, `${pointer}/${i}`));
  if (doc && typeof doc === 'object') {
    return Object.entries(doc).flatMap(([k, v]) => {
      const ptr = `${pointer}/${escapePointer(k)}`;
      return [...(/\{\{|\}\}/.test(k) ? [ptr] : []), ...findTemplates(v, ptr)];
    });
  }
  return [];
}
