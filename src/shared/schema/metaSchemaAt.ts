/**
 * What a meta-schema allows at one place of a document: the editor's completion and hover read it.
 * The meta-schema comes bundled (every `$ref` a local `#/...` pointer, see the server's bundleMeta);
 * `allOf`/`anyOf`/`oneOf` and `if`/`then`/`else` are all taken as possible, since the editor offers
 * what may be written, not what the checker will finally accept.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  title?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  patternProperties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  then?: JsonSchema;
  else?: JsonSchema;
  required?: string[];
};

export type JsonPath = (string | number)[];

export interface PropertyOffer {
  name: string;
  description?: string;
  type?: string;
  required: boolean;
}

function pointer(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at && typeof at === 'object' ? (at as JsonSchema) : undefined;
}

/** The schema and every alternative it opens (references followed, combinations flattened). */
function expand(root: JsonSchema, schema: JsonSchema | undefined, seen = new Set<JsonSchema>()): JsonSchema[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const out: JsonSchema[] = [schema];
  if (schema.$ref) out.push(...expand(root, pointer(root, schema.$ref), seen));
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    out.push(...expand(root, part, seen));
  for (const part of [schema.then, schema.else]) out.push(...expand(root, part, seen));
  return out;
}

function child(schema: JsonSchema, segment: string | number): JsonSchema[] {
  if (typeof segment === 'number') {
    const items = schema.items;
    if (Array.isArray(items)) return items[segment] ? [items[segment]] : [];
    return items ? [items] : [];
  }
  const own = schema.properties?.[segment];
  if (own) return [own];
  const patterned = Object.entries(schema.patternProperties ?? {})
    .filter(([pattern]) => {
      try {
        return new RegExp(pattern, 'u').test(segment);
      } catch {
        return false;
      }
    })
    .map(([, s]) => s);
  if (patterned.length) return patterned;
  return typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : [];
}

/** Every schema that may describe the value at `path` of a document checked by `root`. */
export function schemasAt(root: JsonSchema, path: JsonPath): JsonSchema[] {
  let here = expand(root, root);
  for (const segment of path) {
    here = here.flatMap((s) => child(s, segment)).flatMap((s) => expand(root, s));
    if (!here.length) return [];
  }
  return here;
}

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.join(' | ') : s.type);

/** The keys an object at `path` may have, with what each means (first description found). */
export function propertiesAt(root: JsonSchema, path: JsonPath): PropertyOffer[] {
  const byName = new Map<string, PropertyOffer>();
  for (const s of schemasAt(root, path)) {
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      const known = byName.get(name);
      const described = expand(root, prop).find((p) => p.description);
      const required = (s.required ?? []).includes(name) || Boolean(known?.required);
      byName.set(name, {
        name,
        description: known?.description ?? described?.description,
        type: known?.type ?? expand(root, prop).map(typeOf).find(Boolean),
        required,
      });
    }
  }
  return [...byName.values()];
}

/** The values the schema names for `path` (enums, consts, booleans), each once. */
export function valuesAt(root: JsonSchema, path: JsonPath): unknown[] {
  const values: unknown[] = [];
  for (const s of schemasAt(root, path)) {
    if (s.enum) values.push(...s.enum);
    if ('const' in s) values.push(s.const);
    if (s.type === 'boolean') values.push(true, false);
  }
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What the meta-schema says of the value at `path` (its description), or undefined. */
export function descriptionAt(root: JsonSchema, path: JsonPath): string | undefined {
  return schemasAt(root, path).find((s) => s.description)?.description;
}
