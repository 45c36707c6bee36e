import type { Rule } from '../../../shared/rules/Rule.js';
import { evaluate, truthy, type RuleContext } from '../../../shared/rules/evaluate.js';

/**
 * A rule over `record` turned into a condition the database can apply, so a list filters by the
 * very rule that decides a single record (entity read rules, access.public.when). Everything in
 * the rule that does not read the record (user.areaCode, literals, now) is evaluated first; what
 * remains must be comparisons of a record field with a value, combined by and / or / !.
 */
export type Cond =
  | { t: 'const'; value: boolean }
  | { t: 'cmp'; field: string; op: '=' | '<>' | '<' | '<=' | '>' | '>='; value: string | number | boolean }
  | { t: 'in'; field: string; values: (string | number | boolean)[] }
  | { t: 'null'; field: string; isNull: boolean }
  /** A list field (kept as JSON text) holds the value: `{"in": [{"var": "user.userId"}, {"var": "record.attendeeIds"}]}`. */
  | { t: 'contains'; field: string; value: string | number }
  | { t: 'and' | 'or'; items: Cond[] }
  | { t: 'not'; item: Cond };

export class RuleCompileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleCompileError';
  }
}

function readsRecord(rule: unknown): boolean {
  if (rule === null || typeof rule !== 'object') return false;
  if (Array.isArray(rule)) return rule.some(readsRecord);
  const [op] = Object.keys(rule);
  const raw = (rule as Record<string, unknown>)[op];
  if (op === 'var') {
    const p = Array.isArray(raw) ? raw[0] : raw;
    return typeof p === 'string' ? p === 'record' || p.startsWith('record.') : readsRecord(p);
  }
  return readsRecord(raw);
}

function recordField(rule: unknown): string | null {
  if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) return null;
  const keys = Object.keys(rule);
  if (keys.length !== 1 || keys[0] !== 'var') return null;
  const raw = (rule as { var: unknown }).var;
  if (typeof raw !== 'string' || !raw.startsWith('record.')) return null;
  const field = raw.slice('record.'.length);
  return /^[a-zA-Z_][a-zA-Z0-9_]*$/.test(field) ? field : null;
}

type Scalar = string | number | boolean;
function scalar(v: unknown, where: string): Scalar | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  throw new RuleCompileError(`${where}: only text, numbers and booleans can be compared with a record field`);
}

const FLIP: Record<string, '=' | '<>' | '<' | '<=' | '>' | '>='> = {
  '==': '=',
  '!=': '<>',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};
const SAME: Record<string, '=' | '<>' | '<' | '<=' | '>' | '>='> = {
  '==': '=',
  '!=': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

/**
 * Compiles a rule to a Cond. `fieldOk` says whether a record field exists (names only ever come
 * from the schema; 'list' marks a list field). Throws RuleCompileError when the rule cannot be applied by the database.
 */
export function ruleToCond(rule: Rule | unknown, ctx: RuleContext, fieldOk: (field: string) => boolean | 'list'): Cond {
  if (!readsRecord(rule)) return { t: 'const', value: truthy(evaluate(rule, ctx)) };
  if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) {
    throw new RuleCompileError('a list cannot be used as a condition');
  }
  const keys = Object.keys(rule);
  if (keys.length !== 1) throw new RuleCompileError('a rule object has exactly one operator');
  const op = keys[0];
  const raw = (rule as Record<string, unknown>)[op];
  const list = Array.isArray(raw) ? raw : [raw];
  const field = (r: unknown): string | null => {
    const f = recordField(r);
    if (f !== null && !fieldOk(f)) throw new RuleCompileError(`unknown record field "${f}"`);
    return f;
  };
  switch (op) {
    case 'and':
    case 'or':
      return { t: op, items: list.map((r) => ruleToCond(r, ctx, fieldOk)) };
    case '!':
      return { t: 'not', item: ruleToCond(list[0], ctx, fieldOk) };
    case '==':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const [a, b] = list;
      const fa = field(a);
      const fb = field(b);
      if (fa && fb) throw new RuleCompileError('comparing two record fields cannot be filtered');
      const f = fa ?? fb;
      const other = fa ? b : a;
      if (!f || readsRecord(other))
        throw new RuleCompileError(`"${op}" must compare {"var": "record.<field>"} with a value`);
      const value = scalar(evaluate(other, ctx), op);
      if (value === null) {
        if (op === '==' || op === '!=') return { t: 'null', field: f, isNull: op === '==' };
        return { t: 'const', value: false };
      }
      return { t: 'cmp', field: f, op: fa ? SAME[op] : FLIP[op], value };
    }
    case 'in': {
      const [a, b] = list;
      const f = field(a);
      const listField = f ? null : field(b);
      if (listField && fieldOk(listField) === 'list' && !readsRecord(a)) {
        const needle = scalar(evaluate(a, ctx), 'in');
        return needle === null || typeof needle === 'boolean'
          ? { t: 'const', value: false }
          : { t: 'contains', field: listField, value: needle };
      }
      if (!f || readsRecord(b))
        throw new RuleCompileError('"in" must test {"var": "record.<field>"} against a list of values');
      const hay = evaluate(b, ctx);
      if (!Array.isArray(hay)) throw new RuleCompileError('"in" on a record field needs a list of values');
      const values = hay.map((v) => scalar(v, 'in')).filter((v): v is Scalar => v !== null);
      return { t: 'in', field: f, values };
    }
    default:
      throw new RuleCompileError(
        `"${op}" on record fields cannot be filtered by the database; use ==, !=, <, >, in, and, or, !`,
      );
  }
}

/** Evaluates a Cond on one record, for tests and for checking that both ways agree. */
export function condHolds(cond: Cond, record: Record<string, unknown>): boolean {
  switch (cond.t) {
    case 'const':
      return cond.value;
    case 'and':
      return cond.items.every((c) => condHolds(c, record));
    case 'or':
      return cond.items.some((c) => condHolds(c, record));
    case 'not':
      return !condHolds(cond.item, record);
    case 'null':
      return (record[cond.field] === null || record[cond.field] === undefined) === cond.isNull;
    case 'contains': {
      const hay = record[cond.field];
      return Array.isArray(hay) && hay.some((x) => String(x) === String(cond.value));
    }
    default: {
      const v = record[cond.field];
      if (cond.t === 'in') return v !== null && v !== undefined && cond.values.some((x) => String(x) === String(v));
      if (v === null || v === undefined) return cond.op === '<>';
      const num = typeof v === 'number' && typeof cond.value === 'number';
      const l: string | number = num ? (v as number) : String(v);
      const r: string | number = num ? (cond.value as number) : String(cond.value);
      switch (cond.op) {
        case '=':
          return l === r;
        case '<>':
          return l !== r;
        case '<':
          return l < r;
        case '<=':
          return l <= r;
        case '>':
          return l > r;
        default:
          return l >= r;
      }
    }
  }
}
