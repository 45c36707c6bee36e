/**
 * The replacement of an expert who declared a conflict or declined a task: the experts who may
 * take the task over while every allocation rule still holds, best first. Pure, like allocate().
 *
 * Rules kept: no hard conflict with the record (same unit, participant, a declared conflict, the
 * out-of-area rule), nobody already on the record or who left it, at most two experts of one unit
 * on it, and loads that still differ by at most one where they did (the candidate ends no higher
 * than the batch's busiest expert, or one above the least busy). A declined task still counts in
 * its expert's load: declining does not earn another task.
 */
import {
  DEFAULT_MAX_PER_UNIT,
  normUnit,
  pairConflicts,
  subjectMatches,
  type AllocExpert,
  type AllocRules,
  type ReviewTarget,
} from './conflicts.js';

export interface ReplacementInput {
  target: ReviewTarget;
  experts: AllocExpert[];
  rules: AllocRules;
  /** Experts still reviewing the record (not the one leaving). */
  onTarget: number[];
  /** Experts who left the record (declined, replaced) or are leaving it now. */
  excluded: number[];
  /** Tasks per expert in the batch, every status. */
  loads: Map<number, number>;
}

export interface ReplacementCandidate {
  expert: AllocExpert;
  load: number;
  subjectMatch: boolean;
}

export function replacementCandidates(input: ReplacementInput): ReplacementCandidate[] {
  const { target, experts, rules, loads } = input;
  const byId = new Map(experts.map((e) => [e.id, e]));
  const on = new Set(input.onTarget);
  const out = new Set(input.excluded);
  const max = rules.maxPerUnit ?? DEFAULT_MAX_PER_UNIT;
  const perUnit = new Map<string, number>();
  for (const id of on) {
    const u = normUnit(byId.get(id)?.unit);
    if (u) perUnit.set(u, (perUnit.get(u) ?? 0) + 1);
  }
  const all = experts.map((e) => loads.get(e.id) ?? 0);
  const ceiling = all.length ? Math.max(Math.max(...all), Math.min(...all) + 1) : 1;
  return experts
    .filter((e) => !on.has(e.id) && !out.has(e.id) && pairConflicts(e, target, rules).length === 0)
    .filter((e) => {
      const u = normUnit(e.unit);
      return !u || (perUnit.get(u) ?? 0) < max;
    })
    .map((e) => ({ expert: e, load: loads.get(e.id) ?? 0, subjectMatch: subjectMatches(e, target) }))
    .filter((c) => c.load + 1 <= ceiling)
    .sort((a, b) => a.load - b.load || Number(b.subjectMatch) - Number(a.subjectMatch) || a.expert.id - b.expert.id);
}
