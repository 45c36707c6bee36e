import { describe, expect, it } from 'vitest';
import { allocate, AllocationResult } from './allocate.js';
import {
  AllocExpert,
  AllocRules,
  ReviewTarget,
  TargetPerson,
  normUnit,
  pairConflicts,
  targetViolations,
} from './conflicts.js';

/** Small deterministic PRNG so failures reproduce. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SUBJECTS = ['01', '02', '03', '04', '05', '06'];
const AREAS = ['1101', '1123', '1102', '1103', '1104'];

function generate(seed: number, nTargets: number, nExperts: number, nUnits: number) {
  const r = rng(seed);
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)]!;
  const units = Array.from({ length: nUnits }, (_, i) => `第${i + 1}中学`);
  const experts: AllocExpert[] = Array.from({ length: nExperts }, (_, i) => ({
    id: i + 1,
    name: `专家${i + 1}`,
    idCard: `1101011980010${String(i).padStart(5, '0')}`,
    unit: pick(units),
    areaCode: pick(AREAS),
    subjects: [pick(SUBJECTS), pick(SUBJECTS)],
  }));
  const targets: ReviewTarget[] = Array.from({ length: nTargets }, (_, i) => {
    const people: TargetPerson[] = [{ name: `负责人${i}` }, { name: `成员${i}` }];
    // Some experts lead or join a topic: by name, or by ID number only.
    if (r() < 0.2) people.push({ name: pick(experts).name });
    if (r() < 0.1) people.push({ name: '别名', idCard: pick(experts).idCard });
    return {
      id: 1000 + i,
      name: `课题${i}`,
      unit: pick(units),
      areaCode: pick(AREAS),
      subject: pick(SUBJECTS),
      people,
    };
  });
  return { experts, targets };
}

function assertValid(res: AllocationResult, targets: ReviewTarget[], experts: AllocExpert[], rules: AllocRules) {
  if (!res.ok) throw new Error(res.message);
  const byTarget = new Map<number, AllocExpert[]>();
  const expertById = new Map(experts.map((e) => [e.id, e]));
  for (const a of res.assignments) {
    const list = byTarget.get(a.targetId) ?? [];
    expect(list.some((e) => e.id === a.expertId)).toBe(false);
    list.push(expertById.get(a.expertId)!);
    byTarget.set(a.targetId, list);
  }
  for (const t of targets) {
    const list = byTarget.get(t.id) ?? [];
    expect(list.length).toBe(rules.perTarget);
    expect(targetViolations(t, list, rules)).toEqual([]);
  }
  const loads = experts.map((e) => res.assignments.filter((a) => a.expertId === e.id).length);
  expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
}

describe('allocate', () => {
  it('allocates 200 topics to 40 experts: every hard rule holds, loads differ by at most one, under a second', () => {
    const { experts, targets } = generate(7, 200, 40, 12);
    const rules = { perTarget: 5, outOfArea: true };
    // The machine is shared: time the better of two runs (the first also warms the JIT up).
    let ms = Infinity;
    let res = allocate({ targets, experts, rules });
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      res = allocate({ targets, experts, rules });
      ms = Math.min(ms, performance.now() - started);
    }
    assertValid(res, targets, experts, rules);
    expect(ms).toBeLessThan(1000);
    // Field match is preferred: most assignments match when matching experts exist.
    if (res.ok)
      expect(res.assignments.filter((a) => a.subjectMatch).length).toBeGreaterThan(res.assignments.length / 2);
  });

  it('holds the rules on many random instances, and uses a same-unit pair at most twice per topic', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { experts, targets } = generate(seed, 40, 15, 4);
      const rules = { perTarget: 3, outOfArea: seed % 2 === 0 };
      const res = allocate({ targets, experts, rules });
      if (res.ok) assertValid(res, targets, experts, rules);
      else expect(res.message).toMatch(/课题|专家/);
    }
  });

  it('finds an allocation whenever exhaustive search finds one (no greedy dead ends)', () => {
    for (let seed = 100; seed < 220; seed++) {
      const { experts, targets } = generate(seed, 3, 5, 3);
      const rules = { perTarget: 2, outOfArea: seed % 3 === 0 };
      const res = allocate({ targets, experts, rules });
      const exists = bruteForceExists(targets, experts, rules);
      expect(res.ok).toBe(exists);
      if (res.ok) assertValid(res, targets, experts, rules);
    }
  });

  it('keeps existing assignments and tops the topic up to N', () => {
    const { experts, targets } = generate(3, 10, 8, 6);
    const rules = { perTarget: 3, outOfArea: false };
    const t0 = targets[0]!;
    const ok = experts.find((e) => pairConflicts(e, t0, rules).length === 0)!;
    const res = allocate({ targets, experts, rules, existing: [{ targetId: t0.id, expertId: ok.id }] });
    if (!res.ok) throw new Error(res.message);
    const mine = res.assignments.filter((a) => a.targetId === t0.id);
    expect(mine.length).toBe(2);
    expect(mine.some((a) => a.expertId === ok.id)).toBe(false);
  });

  const base = (): { experts: AllocExpert[]; targets: ReviewTarget[] } => ({
    experts: [
      { id: 1, name: '甲', unit: 'A校', areaCode: '1101', subjects: ['01'] },
      { id: 2, name: '乙', unit: 'B校', areaCode: '1101', subjects: ['01'] },
      { id: 3, name: '丙', unit: 'C校', areaCode: '1123', subjects: ['02'] },
    ],
    targets: [{ id: 9, name: '阅读课题', unit: 'D校', areaCode: '1102', subject: '01', people: [{ name: '丁' }] }],
  });

  it('names the same-unit rule and the topic when it blocks', () => {
    const { experts, targets } = base();
    targets[0]!.unit = 'A校';
    const res = allocate({ targets, experts, rules: { perTarget: 3, outOfArea: false } });
    expect(res).toMatchObject({ ok: false, rule: 'sameUnit', targetId: 9 });
    if (!res.ok) expect(res.message).toContain('阅读课题');
  });

  it('names the participant rule (by name or by ID number)', () => {
    const { experts, targets } = base();
    experts[1]!.idCard = '110101198001011234';
    targets[0]!.people.push({ name: '乙某', idCard: '110101198001011234' });
    expect(allocate({ targets, experts, rules: { perTarget: 3, outOfArea: false } })).toMatchObject({
      ok: false,
      rule: 'participant',
    });
  });

  it('names the out-of-area rule only when the batch asks for it', () => {
    const { experts, targets } = base();
    targets[0]!.areaCode = '1101';
    expect(allocate({ targets, experts, rules: { perTarget: 2, outOfArea: true } })).toMatchObject({
      ok: false,
      rule: 'sameArea',
    });
    expect(allocate({ targets, experts, rules: { perTarget: 2, outOfArea: false } }).ok).toBe(true);
  });

  it('names the two-per-unit quota', () => {
    const { experts, targets } = base();
    for (const e of experts) e.unit = '同一所学校';
    expect(allocate({ targets, experts, rules: { perTarget: 3, outOfArea: false } })).toMatchObject({
      ok: false,
      rule: 'unitQuota',
      targetId: 9,
    });
  });

  it('names the load balance when one expert can review nothing', () => {
    const experts: AllocExpert[] = [1, 2, 3, 4].map((id) => ({
      id,
      name: `专家${id}`,
      unit: `U${id}`,
      areaCode: '1',
      subjects: [],
    }));
    const targets: ReviewTarget[] = [1, 2, 3, 4].map((i) => ({
      id: i,
      name: `T${i}`,
      unit: 'X',
      areaCode: '2',
      people: [{ name: '专家4' }],
    }));
    // 4 topics × 2 = 8 assignments, 4 experts → every expert must take 2; 专家4 leads them all.
    expect(allocate({ targets, experts, rules: { perTarget: 2, outOfArea: false } })).toMatchObject({
      ok: false,
      rule: 'loadBalance',
      expertId: 4,
    });
  });

  it('normalises units (spaces, full-width brackets)', () => {
    expect(normUnit(' 一中（本部） ')).toBe(normUnit('一中(本部)'));
  });
});

/** Exhaustive: does any choice of N experts per target satisfy every rule and the load bound? */
function bruteForceExists(targets: ReviewTarget[], experts: AllocExpert[], rules: AllocRules): boolean {
  const N = rules.perTarget;
  const combos: number[][] = [];
  const rec = (start: number, acc: number[]) => {
    if (acc.length === N) return void combos.push([...acc]);
    for (let i = start; i < experts.length; i++) rec(i + 1, [...acc, i]);
  };
  rec(0, []);
  const options = targets.map((t) =>
    combos.filter(
      (c) =>
        targetViolations(
          t,
          c.map((i) => experts[i]!),
          rules,
        ).length === 0,
    ),
  );
  const loads = new Array<number>(experts.length).fill(0);
  const walk = (k: number): boolean => {
    if (k === targets.length) return Math.max(...loads) - Math.min(...loads) <= 1;
    for (const c of options[k]!) {
      for (const i of c) loads[i]!++;
      const found = walk(k + 1);
      for (const i of c) loads[i]!--;
      if (found) return true;
    }
    return false;
  };
  return walk(0);
}
