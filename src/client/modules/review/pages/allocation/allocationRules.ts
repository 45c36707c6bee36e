import type { AllocationTarget, Candidates } from '../../../../../shared/contracts/review.js';

/**
 * Which experts of the dialog can be ticked: none with a conflict, and once as many are ticked as
 * the record still has room for, no further one (the ticked stay untickable).
 */
export function pickable(expertId: number, picked: number[], room: number, conflicted: boolean): boolean {
  if (picked.includes(expertId)) return true;
  return !conflicted && picked.length < room;
}

/** Whether experts can be added to a record: it may enter the batch and still has room. */
export function assignable(t: AllocationTarget, perTopic: number): boolean {
  return !t.refused && t.assigned.length < perTopic;
}

/** Records automatic allocation fills when none is selected: those that may enter and are still short of reviewers. */
export function unfilled(data: Candidates): number[] {
  return data.targets.filter((t) => assignable(t, data.batch.expertsPerTopic)).map((t) => t.id);
}
