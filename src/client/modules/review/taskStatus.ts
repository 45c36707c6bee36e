import type { TaskStatus } from '../../../shared/contracts/review.js';

export type { TaskStatus };

/** A task status's label and colour from the workflow's list (the code itself when unknown). */
export function taskStatus(statuses: TaskStatus[] | undefined, code: string): { text: string; color: string } {
  const s = statuses?.find((x) => x.code === code);
  return { text: s?.label ?? code, color: s?.color ?? 'default' };
}
