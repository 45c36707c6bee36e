/**
 * The static cost of a rule, so the checker refuses one that would stall the server before it is
 * published: its size, how deep `some` nests, the longest inline list, and an estimate of the steps
 * one evaluation takes (a `some` costs its list's length times its body; a record's list counts as
 * the most items a list field may hold). The evaluator's budget per request (evaluate.ts) catches
 * what slips through.
 */
export const RULE_LIMITS = {
  /** Characters of the rule written as JSON. */
  size: 8_000,
  /** `some` inside `some` inside ... */
  someDepth: 2,
  /** Items of one inline list. */
  arrayItems: 500,
  /** Estimated steps of one evaluation. */
  steps: 20_000,
} as const;

/** Items assumed for a list read from a record or the context (MAX_LIST_ITEMS of a save). */
const LIST_FROM_DATA = 200;

export interface RuleCost {
  size: number;
  someDepth: number;
  arrayItems: number;
  steps: number;
}

function isLiteral(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}

/** Estimated steps of one evaluation, the deepest `some` nesting and the longest inline list. */
function walk(rule: unknown): { steps: number; depth: number; items: number } {
  if (rule === null || typeof rule !== 'object') return { steps: 1, depth: 0, items: 0 };
  if (Array.isArray(rule)) {
    // A list of literals is evaluated once and looked up by a set (evaluate.ts).
    if (rule.every(isLiteral)) return { steps: 1, depth: 0, items: rule.length };
    const parts = rule.map(walk);
    return {
      steps: 1 + parts.reduce((a, p) => a + p.steps, 0),
      depth: Math.max(0, ...parts.map((p) => p.depth)),
      items: Math.max(rule.length, ...parts.map((p) => p.items)),
    };
  }
  const keys = Object.keys(rule);
  if (keys.length !== 1) return { steps: 1, depth: 0, items: 0 };
  const op = keys[0];
  const raw = (rule as Record<string, unknown>)[op];
  if (op === 'some' && Array.isArray(raw)) {
    const [list, each] = raw;
    const l = walk(list);
    const e = walk(each);
    const n = Array.isArray(list) ? list.length : LIST_FROM_DATA;
    return { steps: 1 + l.steps + n * e.steps, depth: 1 + e.depth, items: Math.max(l.items, e.items) };
  }
  const inner = walk(raw);
  return { steps: 1 + inner.steps, depth: inner.depth, items: inner.items };
}

export function ruleCost(rule: unknown): RuleCost {
  const { steps, depth, items } = walk(rule);
  return { size: JSON.stringify(rule ?? null).length, someDepth: depth, arrayItems: items, steps };
}

/** The reasons a rule is too costly to publish, in Chinese, at the rule's pointer. */
export function ruleCostProblems(rule: unknown, path = ''): { path: string; message: string }[] {
  if (rule === null || typeof rule !== 'object') return [];
  const c = ruleCost(rule);
  const out: string[] = [];
  if (c.size > RULE_LIMITS.size) out.push(`规则过长（${c.size} 个字符，最多 ${RULE_LIMITS.size} 个）`);
  if (c.someDepth > RULE_LIMITS.someDepth)
    out.push(`some 嵌套过深（${c.someDepth} 层，最多 ${RULE_LIMITS.someDepth} 层）`);
  if (c.arrayItems > RULE_LIMITS.arrayItems)
    out.push(`内联列表过长（${c.arrayItems} 项，最多 ${RULE_LIMITS.arrayItems} 项）`);
  if (c.steps > RULE_LIMITS.steps) out.push(`规则计算量过大（估计每次 ${c.steps} 步，最多 ${RULE_LIMITS.steps} 步）`);
  return out.length ? [{ path, message: `规则代价超出限制：${out.join('；')}` }] : [];
}
