/**
 * `npm run schemas:generate`: everything that names the page kinds and the widgets, written from
 * their folders, so a kind or a widget is one folder plus one registration line and the lists can
 * never disagree.
 *
 * - A page kind is a folder src/client/runtime/pages/<kind>/ (or src/client/modules/<m>/pages/<kind>/)
 *   holding its page component, `page.schema.json` (the meta-schema of its pages, declaring
 *   `"kind": { "const": "<kind>" }`; a kind whose pages name an entity requires `entity`) and, for a
 *   kind without an entity, `kind.json` when its pages are public or for some roles only
 *   (`{ "public": true }`, `{ "roles": ["1", "6"] }`; see PageKindTraits). When its keys name things
 *   elsewhere, the server's check of its pages is src/server/platform/schemas/pageKinds/<kind>.ts
 *   (exporting `check`): the server imports no client code.
 * - A widget is a folder src/client/runtime/widgets/<Name>/ (or src/client/modules/<m>/widgets/<Name>/)
 *   holding <Name>.tsx.
 *
 * From them: schemas/meta/<kind>-page.schema.json (the files analysts' schemas name in "$schema"),
 * the `widget` enum of schemas/meta/common.schema.json, the server's check list
 * (src/server/platform/schemas/pageKinds/index.ts), the kinds' traits the server and the test data
 * provider read (src/shared/schema/generated/pageKindTraits.ts), and the TypeScript types, kind list
 * and widget names of src/shared/schema/generated/ (./schemaTypes.ts). scripts/schemaTypes.test.ts regenerates
 * all of it in memory and fails while a checked-in file differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { generateSchemaTypes, type MetaSource } from './schemaTypes.js';

type Json = Record<string, unknown>;

/** Where generated files go, relative to the repository root. */
export const META = 'schemas/meta';
export const TYPES = 'src/shared/schema/generated';
export const CHECKS = 'src/server/platform/schemas/pageKinds/index.ts';
export const TRAITS = `${TYPES}/pageKindTraits.ts`;

/** What a kind folder's kind.json may say: who may open a page of a kind without an entity. */
export interface KindAccess {
  /** Visitors may open its pages (a page's `"source": "public"` opens one page alone). */
  public?: boolean;
  /** Only these roles may open its pages; left out, every signed-in role. */
  roles?: string[];
}

export interface KindFolder {
  kind: string;
  /** The folder, relative to the repository root. */
  dir: string;
  /** The text of its page.schema.json. */
  meta: string;
  /** Whether the server has a check of its pages (pageKinds/<kind>.ts beside CHECKS). */
  check: boolean;
  /** Whether its pages name an entity (its meta-schema requires `entity`). */
  entity: boolean;
  /** Its kind.json, for a kind without an entity. */
  access: KindAccess;
}

/** A kind folder's kind.json, refused where it says what it cannot. */
function kindAccess(root: string, dir: string, entity: boolean): KindAccess {
  const file = path.join(root, dir, 'kind.json');
  if (!fs.existsSync(file)) return {};
  const access = JSON.parse(fs.readFileSync(file, 'utf8')) as KindAccess;
  if (entity) throw new Error(`${dir}/kind.json: the kind's pages name an entity, whose access decides who opens them`);
  const extra = Object.keys(access).filter((k) => k !== 'public' && k !== 'roles');
  if (extra.length) throw new Error(`${dir}/kind.json: unknown key "${extra[0]}" (public, roles)`);
  if (access.public !== undefined && typeof access.public !== 'boolean')
    throw new Error(`${dir}/kind.json: "public" is true or false`);
  if (access.roles !== undefined && !(Array.isArray(access.roles) && access.roles.every((r) => typeof r === 'string')))
    throw new Error(`${dir}/kind.json: "roles" is a list of role codes`);
  return access;
}

/** The runtime's folders of `sub` (pages, widgets) and those of each client module, that exist. */
function roots(root: string, sub: 'pages' | 'widgets'): string[] {
  const modules = path.join(root, 'src/client/modules');
  const inModules = fs.existsSync(modules)
    ? fs
        .readdirSync(modules, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => `src/client/modules/${d.name}/${sub}`)
        .sort()
    : [];
  return [`src/client/runtime/${sub}`, ...inModules].filter((r) => fs.existsSync(path.join(root, r)));
}

const folders = (root: string, dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

/** The server's check of a kind's pages, relative to the repository root. */
export const checkFile = (kind: string) => `${path.posix.dirname(CHECKS)}/${kind}.ts`;

/** The page kinds: every folder of a pages root holding page.schema.json, by kind. */
export function kindFolders(root = '.'): KindFolder[] {
  const out: KindFolder[] = [];
  for (const r of roots(root, 'pages'))
    for (const name of folders(root, r)) {
      const dir = `${r}/${name}`;
      const file = path.join(root, dir, 'page.schema.json');
      if (!fs.existsSync(file)) continue;
      const meta = fs.readFileSync(file, 'utf8');
      const kind = (JSON.parse(meta) as { properties?: { kind?: { const?: unknown } } }).properties?.kind?.const;
      if (kind !== name)
        throw new Error(`${dir}/page.schema.json: properties.kind.const must be "${name}", its folder`);
      if (out.some((k) => k.kind === kind)) throw new Error(`${dir}: page kind "${kind}" is declared twice`);
      if (fs.existsSync(path.join(root, dir, 'check.ts')))
        throw new Error(`${dir}/check.ts: the server imports no client code; the check goes to ${checkFile(kind)}`);
      const entity = ((JSON.parse(meta) as { required?: string[] }).required ?? []).includes('entity');
      const check = fs.existsSync(path.join(root, checkFile(kind)));
      out.push({ kind, dir, meta, check, entity, access: kindAccess(root, dir, entity) });
    }
  return out.sort((a, b) => (a.kind < b.kind ? -1 : 1));
}

/** The widgets: every PascalCase folder of a widgets root holding <Name>.tsx, by name. */
export function widgetFolders(root = '.'): string[] {
  const out: string[] = [];
  for (const r of roots(root, 'widgets'))
    for (const name of folders(root, r)) {
      if (!/^[A-Z][A-Za-z0-9]*$/.test(name) || !fs.existsSync(path.join(root, r, name, `${name}.tsx`))) continue;
      if (out.includes(name)) throw new Error(`${r}/${name}: widget "${name}" is declared twice`);
      out.push(name);
    }
  return out.sort();
}

/** A kind's meta-schema as schemas/meta holds it: its folder's file, saying where it comes from. */
function pageMeta(k: KindFolder): string {
  const note = `Generated from ${k.dir}/page.schema.json by npm run schemas:generate: edit that file, then regenerate.`;
  if (!k.meta.startsWith('{\n')) throw new Error(`${k.dir}/page.schema.json: must start with "{" on a line of its own`);
  return `{\n  "$comment": ${JSON.stringify(note)},\n${k.meta.slice(2)}`;
}

/** common.schema.json with its `widget` enum listing the widget folders (the rest is written by hand). */
function commonMeta(text: string, widgets: string[]): string {
  const enumOf = /("widget": \{[^{}]*?"enum": )\[[^\]]*\]/;
  if (!enumOf.test(text)) throw new Error(`${META}/common.schema.json: no $defs.widget.enum`);
  return text.replace(enumOf, (_, head: string) => `${head}[${widgets.map((w) => JSON.stringify(w)).join(', ')}]`);
}

/** The server's check of each kind: the kind folder's check.ts, or its meta-schema alone. */
async function checksIndex(kinds: KindFolder[]): Promise<string> {
  const text = `/**
 * Generated from the page kind folders by npm run schemas:generate. Do not edit by hand.
 *
 * The server's check of each page kind: ./<kind>.ts, or, for a kind without one, its meta-schema
 * alone (its keys name nothing elsewhere). Each check is what the kind's keys name
 * elsewhere (fields, routes, rules, counts); its meta-schema has checked the keys themselves before.
 */
import type { PageKind } from '../../../../shared/schema/pageKindNames.js';
import type { PageDef } from '../../../../shared/schema/types.js';
import type { PageKindCheck } from './PageCheck.js';
${kinds
  .filter((k) => k.check)
  .map((k) => `import { check as ${k.kind} } from './${k.kind}.js';`)
  .join('\n')}

/** Kinds whose keys name nothing elsewhere: the meta-schema is their whole check. */
const metaOnly: PageKindCheck = () => undefined;

export const PAGE_KIND_CHECKS: { [K in PageKind]: PageKindCheck<Extract<PageDef, { kind: K }>> } = {
${kinds.map((k) => (k.check ? `  ${k.kind},` : `  ${k.kind}: metaOnly,`)).join('\n')}
};

export type { PageCheck, PageKindCheck } from './PageCheck.js';
`;
  const file = path.resolve(CHECKS);
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

/** What the server and the test data provider read of each kind: its entity, or who may open it. */
async function traitsFile(kinds: KindFolder[]): Promise<string> {
  const traits = kinds.map(
    (k) =>
      `  ${k.kind}: ${JSON.stringify(k.entity ? { entity: true } : { entity: false, public: k.access.public ?? false, ...(k.access.roles ? { roles: k.access.roles } : {}) })},`,
  );
  const text = `/**
 * Generated from the page kind folders (page.schema.json, kind.json) by npm run schemas:generate. Do not
 * edit by hand.
 */

/**
 * How a page of a kind is opened. A kind whose pages name an entity: the entity's access decides. A kind
 * without one: visitors when \`public\` (or the page's own \`"source": "public"\`), otherwise signed-in
 * users, of \`roles\` alone when given; its bundle carries an empty entity named after the kind.
 */
export type PageKindTraits = { entity: true } | { entity: false; public: boolean; roles?: readonly string[] };

export const PAGE_KIND_TRAITS = {
${traits.join('\n')}
} as const satisfies Record<string, PageKindTraits>;
`;
  const file = path.resolve(TRAITS);
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

/** Every generated file, by path relative to the repository root, as it should be checked in. */
export async function generateSchemaFiles(root = '.'): Promise<Map<string, string>> {
  const kinds = kindFolders(root);
  const out = new Map<string, string>();
  for (const k of kinds) out.set(`${META}/${k.kind}-page.schema.json`, pageMeta(k));
  const common = `${META}/common.schema.json`;
  out.set(common, commonMeta(fs.readFileSync(path.join(root, common), 'utf8'), widgetFolders(root)));
  out.set(CHECKS, await checksIndex(kinds));
  out.set(TRAITS, await traitsFile(kinds));
  const source: MetaSource = {
    read: (f) => JSON.parse(out.get(`${META}/${f}`) ?? fs.readFileSync(path.join(root, META, f), 'utf8')) as Json,
    kinds: kinds.map((k) => ({
      kind: k.kind,
      file: `${k.kind}-page.schema.json`,
      source: `${k.dir}/page.schema.json`,
    })),
  };
  for (const [f, text] of await generateSchemaTypes(source)) out.set(`${TYPES}/${f}`, text);
  return out;
}

/** Generated files on disk that nothing generates any more (a kind folder removed). */
export function staleFiles(files: Map<string, string>, root = '.'): string[] {
  const pageMetas = fs
    .readdirSync(path.join(root, META))
    .filter((f) => f.endsWith('-page.schema.json'))
    .map((f) => `${META}/${f}`);
  const types = fs.existsSync(path.join(root, TYPES))
    ? fs.readdirSync(path.join(root, TYPES)).map((f) => `${TYPES}/${f}`)
    : [];
  return [...pageMetas, ...types].filter((f) => !files.has(f));
}

async function main(): Promise<void> {
  const files = await generateSchemaFiles();
  for (const f of staleFiles(files)) fs.rmSync(f);
  let changed = 0;
  for (const [f, text] of files) {
    if (fs.existsSync(f) && fs.readFileSync(f, 'utf8') === text) continue;
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, text);
    changed++;
  }
  console.log(`${files.size} generated files, ${changed} written`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/schemaGenerate.ts')) await main();
