import type { SessionUser } from '../auth/sessions.js';

/** The user as rules see it (context.user); the same keys the client runtime gives its rules. */
export function ruleUser(user: SessionUser): Record<string, unknown> {
  return {
    userId: user.userId, username: user.username, realName: user.realName, roleCode: user.roleCode,
    roles: user.roles, areaCode: user.areaCode, orgName: user.orgName, isAdmin: user.isAdmin,
  };
}

/** Context of server-side rules: { record, user, now } (now in epoch ms). */
export function ruleContext(user: SessionUser | null, record?: Record<string, unknown>, now = Date.now()): Record<string, unknown> {
  return { record: record ?? {}, user: user ? ruleUser(user) : {}, now };
}
