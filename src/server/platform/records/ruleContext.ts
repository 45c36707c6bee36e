import type { SessionUser } from '../auth/sessions.js';
import { formatDateTime } from './time.js';

/**
 * The user as rules see it (context.user); the same keys the client runtime gives its rules. Made
 * once per user object (a call's user): every row of a list asks it three times. Rules only read it.
 */
export function ruleUser(user: SessionUser): Record<string, unknown> {
  let seen = ruleUsers.get(user);
  if (!seen) {
    seen = {
      userId: user.userId,
      username: user.username,
      realName: user.realName,
      roleCode: user.roleCode,
      roles: user.roles,
      areaCode: user.areaCode,
      orgName: user.orgName,
      isAdmin: user.isAdmin,
    };
    ruleUsers.set(user, seen);
  }
  return seen;
}
const ruleUsers = new WeakMap<SessionUser, Record<string, unknown>>();

/** Context of server-side rules: { record, user, now } (now in epoch ms). */
export function ruleContext(
  user: SessionUser | null,
  record?: Record<string, unknown>,
  now = Date.now(),
): Record<string, unknown> {
  return { record: record ?? {}, user: user ? ruleUser(user) : {}, now };
}

/**
 * What an entity's public rule (access.public.when) reads: the record, and the present as epoch ms
 * (`now`) and as stored date-time text (`nowText`, 'YYYY-MM-DD HH:mm:ss'), so the rule can compare
 * a date field ("open until its endTime"). The same values filter public lists in the database.
 */
export function publicRuleVars(now = Date.now()): { now: number; nowText: string } {
  return { now, nowText: formatDateTime(now) };
}

/** Context of a public rule tested on one record. */
export function publicRuleContext(record: Record<string, unknown>, now = Date.now()): Record<string, unknown> {
  return { ...ruleContext(null, record, now), ...publicRuleVars(now) };
}
