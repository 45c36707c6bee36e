import type { TransitionDef } from './types.js';

/**
 * Whether a user in this role may fire the transition at all (before its `from`, owner and `when`
 * checks): never a system transition, and only a role the workflow names. The server's guard and
 * the list's batch buttons ask the same question.
 */
export function firedBy(t: TransitionDef, roleCode: string | null | undefined): boolean {
  return t.actor !== 'system' && roleCode !== null && roleCode !== undefined && t.roles.includes(roleCode);
}
