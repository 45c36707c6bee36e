import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { isAdminRole, type RoleCode } from '../../../shared/roles.js';

/** A demo account acting as one of its roles, as a signed-in session would (demo seeds save through the engine). */
export async function demoActor(ctx: AppContext, username: string, roleCode?: RoleCode): Promise<SessionUser> {
  const { db } = ctx.database;
  const u = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  const roles = (
    await db.selectFrom('user_roles').select('role_code').where('user_id', '=', u.id).orderBy('role_code').execute()
  ).map((r) => r.role_code as RoleCode);
  const role = roleCode ?? roles[0];
  return {
    userId: Number(u.id),
    username: u.username,
    realName: u.real_name,
    roleCode: role,
    roles,
    areaCode: u.area_code ?? null,
    orgName: u.org_name ?? null,
    subSystemId: null,
    isAdmin: isAdminRole(role),
    tokenHash: '',
    csrfToken: '',
  };
}
