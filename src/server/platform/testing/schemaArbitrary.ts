import fc from 'fast-check';
import type { EntityDef } from '../../../shared/schema/types.js';

type Schema = Record<string, unknown>;

/** Values of a JSON-schema type (enough of JSON Schema for the route schemas of this server). */
export function arbitraryOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object' || depth > 4) return fc.constantFrom<unknown>('x', 1, null, true);
  const s = schema as Schema;
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...(s.enum as unknown[]));
  if ('const' in s) return fc.constant(s.const);
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length)
    return fc.oneof(...alternatives.map((a) => arbitraryOf(a, depth + 1)));
  const type = s.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => arbitraryOf({ ...s, type: t }, depth + 1)));
  switch (type) {
    case 'string': {
      if (typeof s.pattern === 'string') {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).map((v) => v.slice(0, Number(s.maxLength ?? 200)));
        } catch {
          /* fall through */
        }
      }
      return fc.string({ minLength: Number(s.minLength ?? 0), maxLength: Math.min(Number(s.maxLength ?? 40), 40) });
    }
    case 'integer':
      return fc.integer({
        min: Math.max(Number(s.minimum ?? -1000), -1e6),
        max: Math.min(Number(s.maximum ?? 100_000), 1e9),
      });
    case 'number':
      return fc.double({ min: -1e6, max: 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(s.items, depth + 1), { maxLength: Math.min(Number(s.maxItems ?? 3), 3) });
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set((s.required ?? []) as string[]);
      const keys = Object.keys(props);
      if (!keys.length)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
      return fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryOf(props[k], depth + 1)])), {
        requiredKeys: keys.filter((k) => required.has(k)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A save body of an entity, from its own field definitions. */
export function entityBodySchema(entity: EntityDef): Schema {
  const properties: Record<string, Schema> = {
    id: { type: 'integer', minimum: 1, maximum: 50 },
    version: { type: 'integer', minimum: 1, maximum: 3 },
  };
  for (const [name, def] of Object.entries(entity.fields)) {
    const base: Schema =
      def.type === 'integer'
        ? { type: 'integer' }
        : def.type === 'number'
          ? { type: 'number' }
          : def.type === 'boolean'
            ? { type: 'boolean' }
            : def.type === 'files'
              ? {
                  type: 'array',
                  items: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 20 } } },
                }
              : def.type === 'json'
                ? {}
                : { type: 'string', maxLength: 40 };
    properties[name] = def.multiple ? { type: 'array', items: base } : base;
  }
  return { type: 'object', properties };
}

/** The hostile changes the fuzz applies to a generated body. `strict` ones must always be refused. */
export type Mutation =
  | { kind: 'deep'; levels: number; strict: true }
  | { kind: 'huge'; value: number; strict: false }
  | { kind: 'nul' | 'surrogate'; text: string; strict: true }
  | { kind: 'protoKey'; key: string; strict: boolean }
  | { kind: 'protoName'; key: string; strict: false }
  | { kind: 'wrongType'; value: unknown; strict: false };

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.integer({ min: 40, max: 20_000 }).map((levels): Mutation => ({ kind: 'deep', levels, strict: true })),
  fc
    .constantFrom(1e300, -1e300, 2 ** 53 + 2, 2147483648, -2147483649, 1e-300, -0, Number.MAX_VALUE)
    .map((value): Mutation => ({ kind: 'huge', value, strict: false })),
  fc.string({ maxLength: 6 }).map((s): Mutation => ({ kind: 'nul', text: `${s}\u0000${s}`, strict: true })),
  fc
    .constantFrom('\ud800', 'a\udc00', '\udfff\ud800x')
    .map((text): Mutation => ({ kind: 'surrogate', text, strict: true })),
  fc
    .constantFrom('__proto__', 'constructor', 'toString', 'prototype', 'hasOwnProperty', 'valueOf')
    .map((key): Mutation => ({ kind: 'protoKey', key, strict: key === '__proto__' })),
  fc
    .constantFrom('__proto__', 'constructor', 'toString', 'valueOf')
    .map((key): Mutation => ({ kind: 'protoName', key, strict: false })),
  fc
    .constantFrom<unknown>(true, false, [], {}, null, '', 'abc', 0, -1, [true], { a: 1 }, [[[]]])
    .map((value): Mutation => ({ kind: 'wrongType', value, strict: false })),
);

const DEEP_MARK = JSON.stringify('\u0001deep\u0001');

/**
 * The JSON text of `body` with the mutation applied at the place `pick` chooses among its keys
 * (a top-level key, or a key of a nested object such as a filter).
 */
export function mutatedJson(body: unknown, m: Mutation, pick: number): string {
  const root: Record<string, unknown> =
    body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as object) } : { value: body };
  const keys = Object.keys(root);
  const key = keys.length ? keys[pick % keys.length] : 'subAct';
  const setValue = (v: unknown) => {
    root[key] = v;
  };
  switch (m.kind) {
    case 'deep':
      setValue('\u0001deep\u0001');
      break;
    case 'huge':
      setValue(m.value);
      break;
    case 'nul':
    case 'surrogate':
      if (pick % 3 === 0) root[m.text] = 1;
      else setValue(m.text);
      break;
    case 'wrongType':
      setValue(m.value);
      break;
    case 'protoName':
      // A field name from the client: as a filter field, a sort field or a filter object key.
      if (pick % 3 === 0) root.filters = [{ field: m.key, op: 'eq', value: 'x' }];
      else if (pick % 3 === 1) root.sort = { field: m.key, order: 'asc' };
      else root.filters = { [m.key]: 'x' };
      break;
    case 'protoKey':
      Object.defineProperty(root, m.key, {
        value: { polluted: true, prototype: { polluted: true } },
        enumerable: true,
        configurable: true,
        writable: true,
      });
      break;
  }
  let text = JSON.stringify(root);
  if (m.kind === 'deep') text = text.replace(DEEP_MARK, `${'['.repeat(m.levels)}1${']'.repeat(m.levels)}`);
  return text;
}
