import type { Rule } from './Rule.js';

/** Values a rule can see: { record, form, user, query, now }. */
export type RuleContext = Record<string, unknown>;

export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleError';
  }
}

const OPERATORS = ['var', '==', '!=', '<', '<=', '>', '>=', 'in', 'and', 'or', '!', 'if', 'some'] as const;
export type Operator = (typeof OPERATORS)[number];
export const RULE_OPERATORS: readonly string[] = OPERATORS;

function read(ctx: RuleContext, path: string): unknown {
  if (path === '') return ctx;
  let cur: unknown = ctx;
  for (const key of path.split('.')) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    // Own properties only: a rule must not reach prototypes.
    if (!Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Status codes arrive as numbers from one side and strings from the other: compare as strings then. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if ((typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string'))
    return String(a) === String(b);
  return false;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Epoch ms of a 'YYYY-MM-DD[ HH:mm[:ss]]' text in the province's time (UTC+8), else null. */
function localTimeMs(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const m = LOCAL_TIME.exec(v);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) - 8 * 3600_000 : null;
}

function compare(a: unknown, b: unknown): number | null {
  if (a === null || a === undefined || b === null || b === undefined) return null;
  // A stored date or date-time text compared with `now` (epoch ms) compares as times.
  if (typeof a === 'number' || typeof b === 'number') {
    const ta = typeof a === 'number' ? a : localTimeMs(a);
    const tb = typeof b === 'number' ? b : localTimeMs(b);
    if (ta !== null && tb !== null && (typeof a === 'string' || typeof b === 'string')) return ta - tb;
  }
  const na = Number(a);
  const nb = Number(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb) && a !== '' && b !== '') return na - nb;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

export function truthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  return Boolean(v);
}

function args(op: string, raw: unknown): unknown[] {
  return Array.isArray(raw) ? raw : [raw];
}

/**
 * Steps of rule evaluation one caller may spend (the server keeps one per request): a rule that
 * slipped past the checker's cost limit stops with RuleBudgetError instead of holding the process.
 */
export interface RuleMeter {
  steps: number;
  limit: number;
  /** Clock time (performance.now) after which this evaluation stops: one evaluation's slice of the event loop. */
  until?: number;
  /** The step count at which the clock is read next. */
  clockAt?: number;
  /** Stopped by the clock. */
  timedOut?: boolean;
}
export const RULE_BUDGET_MESSAGE = '规则计算量超出限制，本次请求已停止，请联系配置管理员检查规则';
export class RuleBudgetError extends RuleError {
  constructor() {
    super(RULE_BUDGET_MESSAGE);
    this.name = 'RuleBudgetError';
  }
}
let currentMeter: () => RuleMeter | undefined = () => undefined;
/** Where evaluate finds the meter of the work under way (the server: the request's). */
export function useRuleMeter(find: () => RuleMeter | undefined): void {
  currentMeter = find;
}

/** A list of literals (no rule inside): its values, and a set of them for `in`, made once per list. */
const literalLists = new WeakMap<unknown[], Set<string> | null>();
function keyOf(v: unknown): string | null {
  if (v === null || v === undefined) return 'n';
  if (typeof v === 'number' || typeof v === 'string') return `s${String(v)}`;
  if (typeof v === 'boolean') return `b${v}`;
  return null;
}
function literalSet(list: unknown[]): Set<string> | null {
  let set = literalLists.get(list);
  if (set === undefined) {
    set = list.every((x) => x === null || typeof x !== 'object') ? new Set(list.map((x) => keyOf(x) as string)) : null;
    literalLists.set(list, set);
  }
  return set;
}

/** Steps one evaluation may take, whoever asks: five times the checker's limit (ruleCost.ts). */
export const EVALUATION_STEPS = 100_000;
/**
 * Milliseconds one evaluation inside a request (a meter of the server's) may hold the event loop. Steps differ in cost (a `some`
 * builds a context per item) and a loaded machine runs them slower, so steps alone let a costly
 * rule hold every other request for a quarter of a second; a rule within the checker's limit takes
 * well under a millisecond. Read every CLOCK_EVERY steps, so a rule of fewer steps never reads it.
 */
export const EVALUATION_MS = 20;
const CLOCK_EVERY = 256;
/** How long a rule that ran over its own budget in a request is refused at once, per process. */
export const OVER_BUDGET_MS = 60_000;
const overBudget = new WeakMap<object, number>();

/**
 * Evaluates a rule to its value. Unknown operators throw RuleError (schemas:check catches them
 * first); one taking more than EVALUATION_STEPS or EVALUATION_MS, or more steps than its request
 * has left, throws RuleBudgetError.
 */
export function evaluate(rule: Rule | unknown, ctx: RuleContext): unknown {
  if (rule === null || typeof rule !== 'object') return rule;
  const outer = currentMeter();
  // A rule that ran over its own budget in a request is refused at once for a while: a list asked
  // again and again does not spend the event loop on it again (a publish brings new rule objects).
  if (outer && (overBudget.get(rule) ?? 0) > Date.now()) throw new RuleBudgetError();
  const meter: RuleMeter = {
    steps: 0,
    limit: outer ? Math.min(EVALUATION_STEPS, outer.limit - outer.steps) : EVALUATION_STEPS,
    // The slice of the event loop is the server's (a request's meter): other callers count steps only.
    until: outer ? performance.now() + EVALUATION_MS : undefined,
  };
  try {
    return ev(rule, ctx, meter);
  } catch (e) {
    // Over its own steps or time (not the request's remaining steps): the rule's cost, not the request's.
    if (outer && e instanceof RuleBudgetError && (meter.timedOut || meter.steps > EVALUATION_STEPS))
      overBudget.set(rule, Date.now() + OVER_BUDGET_MS);
    throw e;
  } finally {
    if (outer) outer.steps += meter.steps;
  }
}

/** Counts `n` steps of an evaluation; past its steps, or its time read every CLOCK_EVERY steps, it stops. */
function tick(meter: RuleMeter, n = 1): void {
  meter.steps += n;
  if (meter.steps > meter.limit) throw new RuleBudgetError();
  if (meter.until === undefined || meter.steps < (meter.clockAt ?? CLOCK_EVERY)) return;
  meter.clockAt = meter.steps + CLOCK_EVERY;
  if (performance.now() <= meter.until) return;
  meter.timedOut = true;
  throw new RuleBudgetError();
}

function ev(rule: Rule | unknown, ctx: RuleContext, meter: RuleMeter): unknown {
  if (rule === null || typeof rule !== 'object') return rule;
  tick(meter);
  // A list of literals is copied whole: its items count, so a long one cannot hide its work.
  if (Array.isArray(rule))
    return literalSet(rule) ? (tick(meter, rule.length), rule.slice()) : rule.map((r) => ev(r, ctx, meter));
  const keys = Object.keys(rule);
  if (keys.length !== 1)
    throw new RuleError(`a rule object has exactly one operator, got: ${keys.join(', ') || 'none'}`);
  const op = keys[0];
  const raw = (rule as Record<string, unknown>)[op];
  switch (op) {
    case 'var': {
      const [path, fallback] = args(op, raw);
      const v = read(ctx, String(ev(path, ctx, meter) ?? ''));
      return v === undefined ? (fallback ?? null) : v;
    }
    case '==': {
      const [a, b] = args(op, raw);
      return equal(ev(a, ctx, meter), ev(b, ctx, meter));
    }
    case '!=': {
      const [a, b] = args(op, raw);
      return !equal(ev(a, ctx, meter), ev(b, ctx, meter));
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const [a, b] = args(op, raw);
      const c = compare(ev(a, ctx, meter), ev(b, ctx, meter));
      if (c === null) return false;
      return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
    }
    case 'in': {
      const [a, b] = args(op, raw);
      const needle = ev(a, ctx, meter);
      // A list written in the rule is looked up in its set: a `some` over a long list stays linear.
      const literal = Array.isArray(b) ? literalSet(b) : null;
      if (literal) {
        const key = keyOf(needle);
        return key !== null && literal.has(key);
      }
      const hay = ev(b, ctx, meter);
      if (Array.isArray(hay)) return hay.some((x) => equal(x, needle));
      if (typeof hay === 'string') return needle !== null && needle !== undefined && hay.includes(String(needle));
      return false;
    }
    case 'and': {
      let last: unknown = true;
      for (const r of args(op, raw)) {
        last = ev(r, ctx, meter);
        if (!truthy(last)) return last;
      }
      return last;
    }
    case 'or': {
      let last: unknown = false;
      for (const r of args(op, raw)) {
        last = ev(r, ctx, meter);
        if (truthy(last)) return last;
      }
      return last;
    }
    case '!':
      return !truthy(ev(args(op, raw)[0], ctx, meter));
    case 'if': {
      const list = args(op, raw);
      for (let i = 0; i + 1 < list.length; i += 2)
        if (truthy(ev(list[i], ctx, meter))) return ev(list[i + 1], ctx, meter);
      return list.length % 2 === 1 ? ev(list[list.length - 1], ctx, meter) : null;
    }
    case 'some': {
      // A quantifier, not an expression: the element is `item`, the outer context (record, now...) stays readable.
      const [list, each] = args(op, raw);
      const items = ev(list, ctx, meter);
      // Each item is a step, whatever its body: a body of a plain value still walks the whole list.
      return Array.isArray(items) && items.some((item) => (tick(meter), truthy(ev(each, { ...ctx, item }, meter))));
    }
    default:
      throw new RuleError(`unknown rule operator "${op}"`);
  }
}

/** Evaluates a rule as a condition. An absent rule means "always". */
export function test(rule: Rule | undefined, ctx: RuleContext): boolean {
  if (rule === undefined) return true;
  return truthy(evaluate(rule, ctx));
}

/** Structural check used by schemas:check: every operator known, every `var` a string. Returns problems with JSON paths. */
export function lintRule(rule: unknown, path = ''): { path: string; message: string }[] {
  if (rule === null || typeof rule !== 'object') {
    if (typeof rule === 'string' && rule.includes('{{'))
      return [{ path, message: 'no {{ }} expressions: write a JSON rule' }];
    return [];
  }
  if (Array.isArray(rule)) return rule.flatMap((r, i) => lintRule(r, `${path}/${i}`));
  const keys = Object.keys(rule);
  if (keys.length !== 1)
    return [{ path, message: `a rule object has exactly one operator, got: ${keys.join(', ') || 'none'}` }];
  const op = keys[0];
  if (!RULE_OPERATORS.includes(op)) return [{ path, message: `unknown rule operator "${op}"` }];
  const raw = (rule as Record<string, unknown>)[op];
  if (op === 'var') {
    const p = Array.isArray(raw) ? raw[0] : raw;
    return typeof p === 'string' ? [] : [{ path: `${path}/var`, message: 'var takes a dotted path string' }];
  }
  return lintRule(raw, `${path}/${op}`);
}
