/**
 * The TypeScript types of the schema documents, generated from their meta-schemas, so their keys are
 * written once: in the JSON Schema that editors and schemas:check read. `npm run schemas:generate`
 * (./schemaGenerate.ts) writes into src/shared/schema/generated/ one file per page kind (its folder's
 * page.schema.json, copied to schemas/meta/<kind>-page.schema.json), the list of page kinds with
 * their unions, the types of entities (and their fields), actions, routes, workflows, dictionaries,
 * menus, settings, sub-systems, change kinds and review targets (DOCUMENTS), and the widget names of
 * common.schema.json. scripts/schemaTypes.test.ts fails while a checked-in file differs from what
 * this gives.
 *
 * What the meta-schemas say for editors only is adjusted before compiling (see prepare below): the
 * shared definitions of the other meta files are inlined or named by their TS type (Rule, ActionDef,
 * FieldDef), `$schema` is optional (the code builds pages in memory without one), and a top-level
 * oneOf that only says which keys are required together (sections or steps) is left to the check.
 * Where the compiler cannot say a key's type from the JSON Schema, the meta-schema gives it in
 * `tsType` (ajv and the studio ignore that keyword).
 */
import fs from 'node:fs';
import path from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import prettier from 'prettier';

export const META_DIR = path.resolve('schemas/meta');
export const OUT_DIR = path.resolve('src/shared/schema/generated');

type Json = Record<string, unknown>;

/** Nested objects the code names: the meta-schema's path (`$defs/x`, or properties/items steps) → type name. */
const NAMED: Record<string, Record<string, string>> = {
  list: { '$defs/filter': 'FilterDef', '$defs/column': 'ColumnDef' },
  form: {
    '$defs/section': 'SectionDef',
    '$defs/formField': 'FormFieldDef',
    'properties/lookups/items': 'FormLookupDef',
    'properties/steps/items': 'FormStepDef',
  },
  detail: { 'properties/tabs/items': 'DetailTabDef' },
  dashboard: {
    'properties/blocks/items': 'DashboardBlockDef',
    'properties/blocks/items/properties/items/items': 'DashboardItemDef',
  },
};

/**
 * The other documents whose types are generated: meta file, type name, named nested objects, `def`
 * when the type is one definition of the file ($defs/<def>) rather than the file's document, and
 * `types`: definitions of the file another generated file declares (by their TS type, see IMPORTS).
 */
const DOCUMENTS: Record<
  string,
  { file: string; type: string; named: Record<string, string>; def?: string; types?: Record<string, string> }
> = {
  entity: {
    file: 'entity.schema.json',
    type: 'EntityDef',
    named: {
      '$defs/accessRule': 'AccessRule',
      '$defs/access': 'EntityAccess',
      'properties/storage': 'EntityStorage',
      'properties/storage/properties/lists/additionalProperties': 'ChildListStorage',
      'properties/unique/items': 'UniqueRuleDef',
    },
    types: { '#/$defs/field': 'FieldDef' },
  },
  field: {
    file: 'entity.schema.json',
    type: 'FieldDef',
    def: 'field',
    named: {
      '$defs/rows': 'RowsDef',
      '$defs/rows/properties/checks/items': 'RowCheck',
      '$defs/rowField': 'RowFieldDef',
      '$defs/help': 'HelpText',
    },
  },
  action: {
    file: 'action.schema.json',
    type: 'ActionDef',
    def: 'action',
    named: { 'oneOf/0/properties/pick': 'PickDef' },
  },
  routes: { file: 'routes.schema.json', type: 'RoutesDef', named: { '$defs/route': 'RouteDef' } },
  workflow: {
    file: 'workflow.schema.json',
    type: 'WorkflowDef',
    named: { 'properties/statuses/items': 'StatusDef', 'properties/transitions/items': 'TransitionDef' },
  },
  dictionary: {
    file: 'dictionary.schema.json',
    type: 'DictionaryDef',
    named: { 'properties/options/items': 'DictionaryOption' },
  },
  menu: { file: 'menu.schema.json', type: 'MenuDef', named: { '$defs/node': 'MenuNode' } },
  settings: {
    file: 'settings.schema.json',
    type: 'SettingsDef',
    named: {
      'properties/site': 'SiteSettingsDef',
      'properties/watchShifts/items': 'WatchShiftDef',
      'properties/counts/additionalProperties': 'CountSourceDef',
    },
  },
  subSystems: {
    file: 'subSystems.schema.json',
    type: 'SubSystemsDef',
    named: { 'properties/subSystems/items': 'SubSystemDef' },
  },
  changeKinds: {
    file: 'change-kinds.schema.json',
    type: 'ChangeKindsDef',
    named: { 'properties/kinds/additionalProperties': 'ChangeKindDef' },
  },
  reviewTargets: {
    file: 'review-targets.schema.json',
    type: 'ReviewTargetsDef',
    named: { 'properties/targets/additionalProperties': 'ReviewTargetDef' },
  },
};

/** One definition of a meta file as a document of its own: its $defs stay beside it. */
function definition(file: Json, def: string | undefined): Json {
  if (!def) return file;
  const defs = file.$defs as Record<string, Json>;
  return { ...defs[def]!, $defs: defs };
}

/** The TS types generated files may name without declaring them, and the module declaring each. */
const IMPORTS: Record<string, string> = {
  Rule: '../../rules/Rule.js',
  ActionDef: './action.js',
  FieldDef: './field.js',
  WidgetName: './widgetNames.js',
};

/** References into the other meta files: the TS type standing for them, or the definition inlined. */
function external(ref: string, common: Json, entity: Json): JSONSchema | undefined {
  if (ref.startsWith('rule.schema.json#')) return { tsType: 'Rule' };
  if (ref === 'action.schema.json#/$defs/action') return { tsType: 'ActionDef' };
  if (ref === 'common.schema.json#/$defs/widget') return { tsType: 'WidgetName' };
  // Role codes are strings wherever the code holds them (a user's roles, access rules).
  if (ref === 'common.schema.json#/$defs/roleCode') return { type: 'string' };
  const [file, pointer] = ref.split('#');
  const from = file === 'common.schema.json' ? common : file === 'entity.schema.json' ? entity : undefined;
  if (!from || !pointer?.startsWith('/$defs/')) return undefined;
  const def = (from.$defs as Record<string, JSONSchema>)[pointer.slice('/$defs/'.length)];
  return def ? (anchor(structuredClone(def), file!) as JSONSchema) : undefined;
}

/** A definition taken from another file keeps pointing into that file. */
function anchor(node: unknown, file: string): unknown {
  if (Array.isArray(node)) return node.map((n) => anchor(n, file));
  if (!node || typeof node !== 'object') return node;
  const obj = node as Json;
  for (const [k, v] of Object.entries(obj))
    obj[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${file}${v}` : anchor(v, file);
  return obj;
}

/** The type of a page kind's documents: ListPageDef for list. */
const typeName = (kind: string) => `${kind[0]!.toUpperCase()}${kind.slice(1)}PageDef`;

/** Walks the schema, replacing cross-file references and naming the nested objects of NAMED. */
function prepare(
  kind: string,
  schema: Json,
  common: Json,
  entity: Json,
  title = typeName(kind),
  names: Record<string, string> = NAMED[kind] ?? {},
  types: Record<string, string> = {},
): JSONSchema {
  const visit = (node: unknown, at: string): unknown => {
    if (Array.isArray(node)) return node.map((n, i) => visit(n, `${at}/${i}`));
    if (!node || typeof node !== 'object') return node;
    const obj = node as Json;
    if (typeof obj.$ref === 'string' && !obj.$ref.startsWith('#')) {
      const ext = external(obj.$ref, common, entity);
      if (!ext) throw new Error(`${kind}: no TS type for ${obj.$ref}`);
      const { $ref: _ref, ...rest } = obj;
      return { ...(visit(ext, at) as Json), ...rest };
    }
    if (typeof obj.$ref === 'string' && types[obj.$ref]) {
      const { $ref: _ref, ...rest } = obj;
      return { ...rest, tsType: types[obj.$ref] };
    }
    // A reference with a description beside it is a new schema to the compiler, which would name
    // a copy of the definition per use (AccessList1, AccessList2...): keep the reference alone.
    if (typeof obj.$ref === 'string' && Object.keys(obj).every((k) => k === '$ref' || k === 'description'))
      return obj.description === undefined ? obj : { description: obj.description, allOf: [{ $ref: obj.$ref }] };
    const out: Json = {};
    for (const [k, v] of Object.entries(obj)) out[k] = visit(v, at ? `${at}/${k}` : k);
    const name = names[at];
    if (name) out.title = name;
    return out;
  };
  const root = visit(schema, '') as Json;
  root.title = title;
  if (Array.isArray(root.required)) root.required = (root.required as string[]).filter((k) => k !== '$schema');
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = root[key] as Json[] | undefined;
    if (branches?.every((b) => Object.keys(b).every((k) => ['required', 'not', 'description'].includes(k))))
      delete root[key];
  }
  delete root.$schema;
  return root as JSONSchema;
}

const HEADER = (source: string) =>
  `/**\n * Generated from ${source}\n * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.\n */\n`;

/** The meta files the types are generated from, and the page kinds among them. */
export interface MetaSource {
  /** A meta file by its name under schemas/meta/. */
  read(file: string): Json;
  /** Each page kind: its meta file's name under schemas/meta/, and the file it is written in. */
  kinds: { kind: string; file: string; source: string }[];
}

/** The meta files of a folder as they are: the page kinds are its files named *-page.schema.json. */
export function metaDirSource(metaDir: string): MetaSource {
  const read = (f: string) => JSON.parse(fs.readFileSync(path.join(metaDir, f), 'utf8')) as Json;
  const kinds = fs
    .readdirSync(metaDir)
    .filter((f) => f.endsWith('-page.schema.json'))
    .sort()
    .map((file) => {
      const meta = read(file) as { $comment?: string; properties: { kind: { const: string } } };
      // A file written from a page kind folder names its source (scripts/schemaGenerate.ts).
      const from = /^Generated from (\S+)/.exec(meta.$comment ?? '')?.[1];
      return { kind: meta.properties.kind.const, file, source: from ?? `schemas/meta/${file}` };
    });
  return { read, kinds };
}

async function format(file: string, text: string): Promise<string> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

/** The generated files, by path under OUT_DIR, as they should be checked in. */
export async function generateSchemaTypes(from: string | MetaSource = META_DIR): Promise<Map<string, string>> {
  const { read, kinds: sources } = typeof from === 'string' ? metaDirSource(from) : from;
  const common = read('common.schema.json');
  const entity = read('entity.schema.json');
  const out = new Map<string, string>();
  const kinds = [...sources].sort((a, b) => (a.kind < b.kind ? -1 : 1)).map((k) => [k.kind, k.file] as const);
  const sourceOf = new Map(sources.map((k) => [k.kind, k.source]));
  out.set(
    'pageKinds.ts',
    await format(
      path.join(OUT_DIR, 'pageKinds.ts'),
      `${HEADER("each page kind folder's page.schema.json")}${kinds.map(([k]) => `import type { ${typeName(k)} } from './${k}Page.js';`).join('\n')}

/** The page kinds a schema may declare in \`kind\`, each with its meta-schema file under schemas/meta/. */
export const PAGE_KIND_META = ${JSON.stringify(Object.fromEntries(kinds))} as const;

/** A page document of any kind. */
export type PageDef = ${kinds.map(([k]) => typeName(k)).join(' | ')};

/** A page of the kinds bound to one entity (their meta-schema requires \`entity\`). */
export type EntityPageDef = ${kinds
        .filter(([, file]) => (read(file).required as string[]).includes('entity'))
        .map(([k]) => typeName(k))
        .join(' | ')};
`,
    ),
  );
  const options = {
    bannerComment: '',
    format: false,
    ignoreMinAndMaxItems: true,
    unknownAny: true,
    strictIndexSignatures: false,
    declareExternallyReferenced: true,
  };
  const emit = async (name: string, source: string, ts: string) => {
    const imports = Object.entries(IMPORTS)
      .filter(([type]) => new RegExp(`\\b${type}\\b`).test(ts))
      .filter(([type]) => !new RegExp(`^export (type|interface) ${type}\\b`, 'm').test(ts))
      .map(([type, from]) => `import type { ${type} } from '${from}';`);
    out.set(name, await format(path.join(OUT_DIR, name), `${HEADER(source)}${imports.join('\n')}\n\n${ts}`));
  };
  for (const [kind, file] of kinds)
    await emit(
      `${kind}Page.ts`,
      sourceOf.get(kind)!,
      await compile(prepare(kind, read(file), common, entity), '', options),
    );
  for (const [name, doc] of Object.entries(DOCUMENTS))
    await emit(
      `${name}.ts`,
      `schemas/meta/${doc.file}`,
      await compile(
        prepare(name, definition(read(doc.file), doc.def), common, entity, doc.type, doc.named, doc.types),
        '',
        options,
      ),
    );
  const widgets = (common.$defs as Record<string, { enum: string[] }>).widget.enum;
  const names = `${HEADER('the widget folders, through schemas/meta/common.schema.json ($defs/widget)')}
/** Names a schema may give in \`widget\`; the runtime's widget registry registers exactly these. */
export const WIDGET_NAMES = ${JSON.stringify(widgets)} as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];
`;
  out.set('widgetNames.ts', await format(path.join(OUT_DIR, 'widgetNames.ts'), names));
  out.set(
    'index.ts',
    await format(
      path.join(OUT_DIR, 'index.ts'),
      `${HEADER('the files exported below')}${[...out.keys()].map((f) => `export * from './${f.replace(/\.ts$/, '.js')}';`).join('\n')}\n`,
    ),
  );
  return out;
}
