import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { Ajv, type Options as AjvOptions, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AppError } from './AppError.js';

/**
 * Limits every request's input before any hook or handler walks it:
 * - JSON bodies nested deeper than MAX_JSON_DEPTH are refused before parsing (a recursive walk of
 *   20,000 levels overflowed the stack);
 * - strings holding NUL (PostgreSQL cannot store it) or a lone surrogate (not valid UTF-8) are
 *   refused in bodies, query strings and route parameters, in keys as in values, with a message
 *   at the field that holds them;
 * - JSON bodies are validated without type coercion (a boolean is never an id), while form bodies,
 *   query strings and parameters, which only carry text, keep it.
 */
export const MAX_JSON_DEPTH = 32;
/** The largest id an id column holds (PostgreSQL integer). */
export const MAX_ID = 2147483647;
/** The highest page number any list accepts. */
export const MAX_PAGE = 100_000;

/** Bodies parsed from forms: their values are text, so their validation coerces. */
const formBodies = new WeakSet<object>();

export function markFormBody<T>(body: T): T {
  if (body && typeof body === 'object') formBodies.add(body);
  return body;
}

/** Depth of the deepest array or object in JSON text, counted without parsing; stops once over `limit`. */
export function jsonDepthOver(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** True when a string can be stored and sent as UTF-8 text: no NUL, no lone surrogate. */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && (s as unknown as { isWellFormed(): boolean }).isWellFormed();
}

/** Parsed JSON, forms and query strings are plain objects; streams and buffers (chunk uploads) are not walked. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  // fast-querystring's objects inherit from an empty prototype object that itself has none.
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** What a field holding such characters is told: at the field, in words its user can act on. */
export const UNSTORABLE_TEXT_MESSAGE = '内容含有无法保存的字符（空字符或残缺的特殊字符），请删除后重新输入';

/**
 * The refusal of an unstorable string: 参数不合法 with the message at its top-level field, so a form
 * shows it there; the message itself when no field holds it (a key, a bare array).
 */
function unstorable(field: string | undefined): AppError {
  return field
    ? AppError.invalid([{ field, message: UNSTORABLE_TEXT_MESSAGE }])
    : new AppError(UNSTORABLE_TEXT_MESSAGE, 400, 400);
}

/**
 * Checks every string (keys too) of a parsed value; `maxDepth` guards values that did not come
 * through the JSON parser. `field` is the top-level key the value sits under.
 */
function checkStrings(value: unknown, depth = 0, field?: string): void {
  if (depth > MAX_JSON_DEPTH + 2) throw AppError.invalid();
  if (typeof value === 'string') {
    if (!isStorableText(value)) throw unstorable(field);
  } else if (Array.isArray(value)) {
    for (const v of value) checkStrings(v, depth + 1, field);
  } else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      const at = depth === 0 ? k : field;
      if (!isStorableText(k)) throw unstorable(depth === 0 ? undefined : field);
      checkStrings(v, depth + 1, at);
    }
  }
}

/**
 * A JSON value sent inside a query parameter (public reads by GET: filters, sort), held to what a
 * JSON body is held to: the depth limit, storable strings, trimmed. Anything else is 参数不合法.
 */
export function jsonParameter(text: string | undefined, field: string): unknown {
  if (text === undefined || text === '') return undefined;
  if (jsonDepthOver(text, MAX_JSON_DEPTH)) throw AppError.invalid();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw AppError.invalid();
  }
  checkStrings(value, 1, field);
  return trimStrings(value);
}

/** Trims every string in a parsed body, deeply (SPEC §5: string values in request bodies are trimmed). */
export function trimStrings<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map(trimStrings) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = trimStrings(v);
    return out as T;
  }
  return value;
}

function guardRequest(request: FastifyRequest): void {
  checkStrings(request.params);
  checkStrings(request.query);
  const body = request.body;
  if (isPlainObject(body) || Array.isArray(body)) {
    checkStrings(body);
    const trimmed = trimStrings(body);
    if (formBodies.has(body)) markFormBody(trimmed);
    request.body = trimmed;
  }
}

const AJV_BASE: AjvOptions = {
  useDefaults: true,
  removeAdditional: false,
  allErrors: false,
  addUsedSchema: false,
  allowUnionTypes: true,
};

function makeAjv(coerceTypes: AjvOptions['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...AJV_BASE, coerceTypes });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

type Validate = ((data: unknown, ctx?: unknown) => boolean) & {
  errors?: ValidateFunction['errors'];
  schemaEnv?: unknown;
};

/**
 * The validators of route schemas, compiled once per process for each schema text: a validator
 * depends on nothing but its schema and the options above, and an app built again in the same
 * process (a schema reload, each test's app) declares the same routes. Query strings, parameters
 * and form bodies carry only text and are coerced; JSON bodies are not.
 *
 * Each is compiled when its route is first called: a process (each start, each cluster worker)
 * compiled hundreds before answering anyone, most for routes it would never serve.
 * `compileEveryValidator` compiles the rest at once, for the test that every route's schema does.
 */
const validators = new Map<string, Validate>();
const pending = new Set<() => void>();
let ajvPair: { strict: Ajv; coercing: Ajv } | undefined;

function lazyValidator(schema: object, httpPart: string | undefined): Validate {
  const key = `${httpPart === 'body' ? 'body' : 'text'}:${JSON.stringify(schema)}`;
  const known = validators.get(key);
  if (known) return known;
  let real: Validate | undefined;
  const compile = () => {
    pending.delete(compile);
    return (real ??= compileValidator(schema, httpPart));
  };
  const lazy: Validate = (data, ctx) => {
    const validate = real ?? compile();
    const ok = validate(data, ctx);
    lazy.errors = validate.errors;
    return ok;
  };
  // Fastify passes the parent object (which lets Ajv coerce a root value) only to a validator
  // that has this property, as every compiled one does.
  lazy.schemaEnv = {};
  pending.add(compile);
  validators.set(key, lazy);
  return lazy;
}

/** Compiles every validator still waiting for its first call; throws what Ajv throws. */
export function compileEveryValidator(): void {
  for (const compile of [...pending]) compile();
}

function compileValidator(schema: object, httpPart: string | undefined): Validate {
  ajvPair ??= { strict: makeAjv(false), coercing: makeAjv('array') };
  const text = ajvPair.coercing.compile(schema);
  let validate = text as Validate;
  if (httpPart === 'body') {
    const json = ajvPair.strict.compile(schema);
    // Fastify hands a root-mutating validator its parent (for coercion); the wrapper passes it on.
    const both: Validate = (data, ctx) => {
      const fn: ValidateFunction = data && typeof data === 'object' && formBodies.has(data) ? text : json;
      const ok = (fn as (d: unknown, c?: unknown) => boolean)(data, ctx);
      both.errors = fn.errors;
      return ok;
    };
    both.schemaEnv = json.schemaEnv;
    validate = both;
  }
  return validate;
}

/** Installs the JSON parser with its depth limit, the string checks and the two validators. */
export function installInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthOver(body as string, MAX_JSON_DEPTH)) return done(AppError.invalid(), undefined);
    return parseJson(request, body as string, done);
  });

  const compiler = ({ schema, httpPart }: { schema: unknown; httpPart?: string }) =>
    lazyValidator(schema as object, httpPart);
  app.setValidatorCompiler(compiler as unknown as FastifySchemaCompiler<unknown>);

  app.addHook('preValidation', async (request) => guardRequest(request));
}
