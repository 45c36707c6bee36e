/**
 * Hard conflict rules between an expert and a reviewed record (a topic, an achievement...).
 * Pure: the caller maps its entity onto ReviewTarget (see targetMapping.ts), so the same rules serve
 * every reviewed entity.
 */

export interface AllocExpert {
  id: number;
  name: string;
  idCard?: string | null;
  unit?: string | null;
  areaCode?: string | null;
  /** Discipline (xkfl) codes the expert reviews; the first is the main one. */
  subjects: string[];
  /** Conflicts the expert declared earlier (any batch): the record itself, or its leader. */
  declared?: DeclaredConflict[];
}

export interface DeclaredConflict {
  targetId: number;
  /** The leader of the record at the time: a later record of the same leader is excluded too. */
  name?: string | null;
  idCard?: string | null;
}

export interface TargetPerson {
  name?: string | null;
  idCard?: string | null;
}

export interface ReviewTarget {
  id: number;
  name?: string;
  unit?: string | null;
  areaCode?: string | null;
  subject?: string | null;
  /** Leader, second leader and members: anyone who may not review it. */
  people: TargetPerson[];
}

export type ConflictRule =
  'sameUnit' | 'participant' | 'declared' | 'sameArea' | 'unitQuota' | 'tooFewExperts' | 'loadBalance';

export interface AllocRules {
  /** Experts per target. */
  perTarget: number;
  /** The batch asks for out-of-area review: an expert of the target's area may not review it. */
  outOfArea: boolean;
  /** At most this many experts of one unit on one target (provincial practice: 2). */
  maxPerUnit?: number;
}

export const RULE_LABELS: Record<ConflictRule, string> = {
  sameUnit: '专家与课题同单位，须回避',
  participant: '专家是课题负责人或成员，须回避',
  declared: '专家已对该课题（或其负责人）申报回避或谢绝评审，须回避',
  sameArea: '本批次要求异地评审，专家与课题同地区，须回避',
  unitQuota: '同一单位的专家不超过2人',
  tooFewExperts: '可用专家人数不足',
  loadBalance: '各专家评审数量相差不超过1',
};

export const DEFAULT_MAX_PER_UNIT = 2;

/** Units compare without spaces or full-width/half-width parenthesis differences. */
export function normUnit(u: string | null | undefined): string {
  return (u ?? '').replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')');
}

function normName(n: string | null | undefined): string {
  return (n ?? '').replace(/\s+/g, '');
}

function normId(n: string | null | undefined): string {
  return (n ?? '').replace(/\s+/g, '').toUpperCase();
}

/** The hard conflicts of one pair, in rule order; empty when the expert may review the target. */
export function pairConflicts(expert: AllocExpert, target: ReviewTarget, rules: AllocRules): ConflictRule[] {
  const out: ConflictRule[] = [];
  const eu = normUnit(expert.unit);
  if (eu && eu === normUnit(target.unit)) out.push('sameUnit');
  const en = normName(expert.name);
  const eid = normId(expert.idCard);
  const isParticipant = target.people.some(
    (p) => (en !== '' && normName(p.name) === en) || (eid !== '' && normId(p.idCard) === eid),
  );
  if (isParticipant) out.push('participant');
  if (declaredOn(expert, target)) out.push('declared');
  if (rules.outOfArea && expert.areaCode && expert.areaCode === target.areaCode) out.push('sameArea');
  return out;
}

/** Whether the expert declared a conflict with this record, or with its leader on another record. */
function declaredOn(expert: AllocExpert, target: ReviewTarget): boolean {
  if (!expert.declared?.length) return false;
  const leader = target.people[0];
  const lid = normId(leader?.idCard);
  const lname = normName(leader?.name);
  return expert.declared.some((d) => {
    if (d.targetId === target.id) return true;
    const did = normId(d.idCard);
    // By ID number when both sides have one; by name only when neither does.
    if (did !== '' && lid !== '') return did === lid;
    return did === '' && lid === '' && normName(d.name) !== '' && normName(d.name) === lname;
  });
}

export function subjectMatches(expert: AllocExpert, target: ReviewTarget): boolean {
  return !!target.subject && expert.subjects.includes(target.subject);
}

/**
 * Checks a whole set of experts on one target, as a manual allocation would leave it:
 * pair conflicts of each expert plus the per-unit quota. Returns one entry per broken rule.
 */
export function targetViolations(
  target: ReviewTarget,
  experts: AllocExpert[],
  rules: AllocRules,
): Array<{ expertId: number; rule: ConflictRule }> {
  const out: Array<{ expertId: number; rule: ConflictRule }> = [];
  const max = rules.maxPerUnit ?? DEFAULT_MAX_PER_UNIT;
  const perUnit = new Map<string, number>();
  for (const e of experts) {
    for (const rule of pairConflicts(e, target, rules)) out.push({ expertId: e.id, rule });
    const u = normUnit(e.unit);
    if (!u) continue;
    const n = (perUnit.get(u) ?? 0) + 1;
    perUnit.set(u, n);
    if (n > max) out.push({ expertId: e.id, rule: 'unitQuota' });
  }
  return out;
}
