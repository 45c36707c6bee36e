/**
 * Automatic expert allocation as one min-cost flow (no greedy loop that can miss a solution):
 *
 *   source → target (capacity: experts still needed)
 *   target → (target, unit) (capacity: per-unit quota left, so "≤ 2 experts of one unit" is a
 *            capacity, not a repair step)
 *   (target, unit) → expert (capacity 1, only for pairs without a hard conflict;
 *            cost 0 when the expert's fields hold the target's subject, else 1)
 *   expert → sink: two edges, the first up to the lower load bound at cost 0, the second up to the
 *            upper bound at a cost larger than any total of match costs.
 *
 * Loads differ by at most one exactly when every expert ends between floor(S/E) and ceil(S/E)
 * (S = all assignments). A maximum flow of minimum cost fills the cheap lower-bound edges first, so
 * when any allocation satisfies every rule this one does, and among those it has the most subject
 * matches. When the flow falls short the unmet edge names the rule that blocks it.
 */
import { MinCostFlow } from './minCostFlow.js';
import {
  AllocExpert,
  AllocRules,
  ConflictRule,
  DEFAULT_MAX_PER_UNIT,
  RULE_LABELS,
  ReviewTarget,
  normUnit,
  pairConflicts,
  subjectMatches,
} from './conflicts.js';

export interface Assignment {
  targetId: number;
  expertId: number;
  subjectMatch: boolean;
}

export type AllocationResult =
  | { ok: true; assignments: Assignment[]; loads: Record<number, number> }
  | { ok: false; rule: ConflictRule; targetId?: number; expertId?: number; message: string };

export interface AllocInput {
  targets: ReviewTarget[];
  experts: AllocExpert[];
  rules: AllocRules;
  /** Pairs already assigned (kept; they count toward the target's N and the expert's load). */
  existing?: Array<{ targetId: number; expertId: number }>;
}

const RULE_ORDER: ConflictRule[] = ['sameUnit', 'participant', 'declared', 'sameArea'];

function label(t: ReviewTarget): string {
  return t.name ? `「${t.name}」` : `#${t.id}`;
}

/** Why one target cannot get its experts even on its own: the first rule that drops it below N. */
function diagnoseTarget(
  t: ReviewTarget,
  experts: AllocExpert[],
  rules: AllocRules,
  need: number,
  taken: Set<number>,
  unitUsed: Map<string, number>,
): AllocationResult | null {
  if (need <= 0) return null;
  const free = experts.filter((e) => !taken.has(e.id));
  if (free.length < need) {
    return {
      ok: false,
      rule: 'tooFewExperts',
      targetId: t.id,
      message: `课题${label(t)}：${RULE_LABELS.tooFewExperts}（需要${need}人，仅有${free.length}人）`,
    };
  }
  let pool = free;
  for (const rule of RULE_ORDER) {
    pool = pool.filter((e) => !pairConflicts(e, t, rules).includes(rule));
    if (pool.length < need) {
      return {
        ok: false,
        rule,
        targetId: t.id,
        message: `课题${label(t)}：${RULE_LABELS[rule]}，可选专家仅${pool.length}人，需要${need}人`,
      };
    }
  }
  const max = rules.maxPerUnit ?? DEFAULT_MAX_PER_UNIT;
  const perUnit = new Map<string, number>();
  let capacity = 0;
  for (const e of pool) {
    const u = normUnit(e.unit);
    if (!u) {
      capacity++;
      continue;
    }
    perUnit.set(u, (perUnit.get(u) ?? 0) + 1);
  }
  for (const [u, n] of perUnit) capacity += Math.min(n, Math.max(0, max - (unitUsed.get(u) ?? 0)));
  if (capacity < need) {
    return {
      ok: false,
      rule: 'unitQuota',
      targetId: t.id,
      message: `课题${label(t)}：${RULE_LABELS.unitQuota}，可选专家仅能凑足${capacity}人，需要${need}人`,
    };
  }
  return null;
}

export function allocate(input: AllocInput): AllocationResult {
  const { targets, experts, rules } = input;
  const N = rules.perTarget;
  const max = rules.maxPerUnit ?? DEFAULT_MAX_PER_UNIT;
  if (!Number.isInteger(N) || N < 1)
    return { ok: false, rule: 'tooFewExperts', message: '每个课题的专家人数须为正整数' };
  if (targets.length === 0)
    return { ok: true, assignments: [], loads: Object.fromEntries(experts.map((e) => [e.id, 0])) };
  if (experts.length === 0)
    return {
      ok: false,
      rule: 'tooFewExperts',
      targetId: targets[0]!.id,
      message: `课题${label(targets[0]!)}：${RULE_LABELS.tooFewExperts}`,
    };

  const expertById = new Map(experts.map((e) => [e.id, e]));
  const targetIds = new Set(targets.map((t) => t.id));
  const existing = (input.existing ?? []).filter((p) => targetIds.has(p.targetId) && expertById.has(p.expertId));
  const takenBy = new Map<number, Set<number>>();
  const unitUsedBy = new Map<number, Map<string, number>>();
  const existingLoad = new Map<number, number>();
  for (const p of existing) {
    let s = takenBy.get(p.targetId);
    if (!s) takenBy.set(p.targetId, (s = new Set()));
    if (s.has(p.expertId)) continue;
    s.add(p.expertId);
    existingLoad.set(p.expertId, (existingLoad.get(p.expertId) ?? 0) + 1);
    const u = normUnit(expertById.get(p.expertId)!.unit);
    if (u) {
      let m = unitUsedBy.get(p.targetId);
      if (!m) unitUsedBy.set(p.targetId, (m = new Map()));
      m.set(u, (m.get(u) ?? 0) + 1);
    }
  }

  const needOf = (t: ReviewTarget) => N - (takenBy.get(t.id)?.size ?? 0);
  for (const t of targets) {
    if (needOf(t) < 0)
      return { ok: false, rule: 'tooFewExperts', targetId: t.id, message: `课题${label(t)}已分配的专家多于${N}人` };
    const d = diagnoseTarget(
      t,
      experts,
      rules,
      needOf(t),
      takenBy.get(t.id) ?? new Set(),
      unitUsedBy.get(t.id) ?? new Map(),
    );
    if (d) return d;
  }

  const S = targets.length * N;
  const E = experts.length;
  const lower = Math.floor(S / E);
  const upper = Math.ceil(S / E);
  for (const e of experts) {
    if ((existingLoad.get(e.id) ?? 0) > upper) {
      return {
        ok: false,
        rule: 'loadBalance',
        expertId: e.id,
        message: `专家「${e.name}」已分配的课题过多，${RULE_LABELS.loadBalance}`,
      };
    }
  }

  for (const e of experts) {
    const have = existingLoad.get(e.id) ?? 0;
    if (have >= lower) continue;
    const can = targets.filter((t) => !takenBy.get(t.id)?.has(e.id) && pairConflicts(e, t, rules).length === 0).length;
    if (have + can < lower) {
      return {
        ok: false,
        rule: 'loadBalance',
        expertId: e.id,
        message: `专家「${e.name}」可评审的课题只有${have + can}个，${RULE_LABELS.loadBalance}要求每人至少${lower}个`,
      };
    }
  }

  // Node layout: 0 source, 1 sink, then targets, then experts, then (target, unit) nodes.
  const T = targets.length;
  const tNode = (i: number) => 2 + i;
  const eNode = (j: number) => 2 + T + j;
  const unitNodes: Array<{ ti: number; unit: string }> = [];
  const unitNodeKey = new Map<string, number>();
  const pairs: Array<{ ti: number; ej: number; unitKey: string; cost: number }> = [];
  targets.forEach((t, ti) => {
    const taken = takenBy.get(t.id);
    experts.forEach((e, ej) => {
      if (taken?.has(e.id) || pairConflicts(e, t, rules).length > 0) return;
      const unit = normUnit(e.unit) || `\u0000expert${e.id}`; // an expert without unit is its own unit
      const key = `${ti}\u0001${unit}`;
      if (!unitNodeKey.has(key)) {
        unitNodeKey.set(key, unitNodes.length);
        unitNodes.push({ ti, unit });
      }
      pairs.push({ ti, ej, unitKey: key, cost: subjectMatches(e, t) ? 0 : 1 });
    });
  });
  const uNode = (k: number) => 2 + T + E + k;
  const g = new MinCostFlow(2 + T + E + unitNodes.length);
  const BIG = S + 1;
  const sourceEdges = targets.map((t, ti) => g.addEdge(0, tNode(ti), needOf(t), 0));
  unitNodes.forEach((u, k) => {
    const used = unitUsedBy.get(targets[u.ti]!.id)?.get(u.unit) ?? 0;
    g.addEdge(tNode(u.ti), uNode(k), Math.max(0, max - used), 0);
  });
  const pairEdges = pairs.map((p) => g.addEdge(uNode(unitNodeKey.get(p.unitKey)!), eNode(p.ej), 1, p.cost));
  const lowerEdges = experts.map((e, ej) => {
    const have = existingLoad.get(e.id) ?? 0;
    const lo = Math.max(0, lower - have);
    const extra = upper - have - lo;
    const le = g.addEdge(eNode(ej), 1, lo, 0);
    if (extra > 0) g.addEdge(eNode(ej), 1, extra, BIG);
    return { le, lo };
  });
  const needed = targets.reduce((a, t) => a + needOf(t), 0);
  const { flow } = g.run(0, 1, needed);

  if (flow < needed) {
    const ti = sourceEdges.findIndex((se, i) => g.flowOn(se) < needOf(targets[i]!));
    const t = targets[ti]!;
    return {
      ok: false,
      rule: 'loadBalance',
      targetId: t.id,
      message: `课题${label(t)}：可评审它的专家都已满额，${RULE_LABELS.loadBalance}时无法分配足${N}人`,
    };
  }
  const short = lowerEdges.findIndex((x) => g.flowOn(x.le) < x.lo);
  if (short >= 0) {
    const e = experts[short]!;
    return {
      ok: false,
      rule: 'loadBalance',
      expertId: e.id,
      message: `专家「${e.name}」可评审的课题不足${lower}个，${RULE_LABELS.loadBalance}时无法分配`,
    };
  }

  const assignments: Assignment[] = [];
  const loads: Record<number, number> = Object.fromEntries(experts.map((e) => [e.id, existingLoad.get(e.id) ?? 0]));
  pairs.forEach((p, i) => {
    if (g.flowOn(pairEdges[i]!) === 0) return;
    const t = targets[p.ti]!;
    const e = experts[p.ej]!;
    assignments.push({ targetId: t.id, expertId: e.id, subjectMatch: p.cost === 0 });
    loads[e.id] = (loads[e.id] ?? 0) + 1;
  });
  return { ok: true, assignments, loads };
}
