import type { RoleCode } from '../../../shared/roles.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import type { Db } from '../db/tables.js';

/**
 * Roles each administrator may grant, remove and manage (SPEC §6: province admins for roles 3–5;
 * city admins the leaders and experts of their own area, as their user list holds them). City
 * admins change no roles through user admin (the user entity gives them no update); modules that
 * link a person to an account (the expert library) grant through src/server/platform/accounts with these.
 */
export function grantableRoles(actor: RoleCode): RoleCode[] {
  if (actor === '1') return ['1', '2', '3', '4', '5', '6'];
  if (actor === '2') return ['3', '4', '5'];
  if (actor === '3') return ['4', '5'];
  return [];
}

export const ROLE_MESSAGES = {
  aboveOwn: '不能授予或移除高于自己权限的角色',
  ownRoles: '不能修改自己的角色',
  lastSuper: '不能移除或停用最后一名超级管理员',
  notManaged: '无权管理该用户',
} as const;

/** The target's current roles must all be ones the actor manages (a province admin never touches an admin). */
export function assertManages(actor: SessionUser, targetRoles: string[]): void {
  const mine = grantableRoles(actor.roleCode);
  if (!targetRoles.every((r) => mine.includes(r as RoleCode))) throw AppError.forbidden(ROLE_MESSAGES.notManaged);
}

/**
 * A change of roles: nobody changes their own, nobody grants or removes a role above what they
 * may grant, and the last enabled super admin keeps role 1.
 */
export async function assertRoleChange(
  db: Db,
  actor: SessionUser,
  targetId: number | null,
  before: string[],
  after: string[],
): Promise<void> {
  const added = after.filter((r) => !before.includes(r));
  const removed = before.filter((r) => !after.includes(r));
  if (!added.length && !removed.length) return;
  if (targetId !== null && targetId === actor.userId) throw AppError.forbidden(ROLE_MESSAGES.ownRoles);
  const mine = grantableRoles(actor.roleCode);
  if ([...added, ...removed].some((r) => !mine.includes(r as RoleCode)))
    throw AppError.forbidden(ROLE_MESSAGES.aboveOwn);
  if (targetId !== null && removed.includes('1')) await assertNotLastSuper(db, targetId);
}

/** Refuses when the user is the only enabled super admin. */
export async function assertNotLastSuper(db: Db, targetId: number): Promise<void> {
  const supers = await db
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('u.id')
    .where('r.role_code', '=', '1')
    .where('u.enabled', '=', 1)
    .execute();
  const ids = supers.map((s) => Number(s.id));
  if (ids.includes(targetId) && ids.length <= 1) throw AppError.forbidden(ROLE_MESSAGES.lastSuper);
}
