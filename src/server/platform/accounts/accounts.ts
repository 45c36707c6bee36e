import type { RoleCode } from '../../../shared/roles.js';
import type { SessionUser } from '../auth/sessions.js';
import { hashPassword, randomToken } from '../auth/secrets.js';
import { AppError } from '../http/AppError.js';
import { grantableRoles } from './roleGuard.js';
import type { Db } from '../db/tables.js';

/**
 * The one place user rows are created and roles granted by modules. User admin, self sign-up,
 * the expert library, the demo and first-administrator seeds all insert through `insertUser`;
 * a module that links a person to an account (`linkAccount`) is held to the user-admin rules.
 */
export interface NewUser {
  username: string;
  /** The hash of the password; `insertUser` gives an unguessable one when none (sign-in by SMS, or a reset). */
  passwordHash?: string;
  realName: string;
  /** Dictionary xb (SPEC §3): 1 male, 0 female, 2 other (column users.gender, an integer). */
  gender?: string | null;
  mobile?: string | null;
  email?: string | null;
  idCardNo?: string | null;
  areaCode?: string | null;
  orgName?: string | null;
  enabled?: boolean;
  approval?: 'pending' | null;
  /** The first sign-in asks for a new password (an account an administrator created). */
  mustChangePassword?: boolean;
  createdAt?: number;
}

export const ACCOUNT_MESSAGES = {
  notAdministered: '该账号不在您的管理范围内，不能关联',
  roleNotGrantable: '不能授予该角色',
} as const;

/**
 * Inserts a user with its roles, inside the caller's transaction when it passes one. `ifAbsent`
 * (seeds racing another process at start-up) answers null instead of failing on a taken name.
 */
export async function insertUser(
  db: Db,
  u: NewUser,
  roles: readonly RoleCode[],
  opts: { ifAbsent?: boolean } = {},
): Promise<number | null> {
  let q = db.insertInto('users').values({
    username: u.username,
    password_hash: u.passwordHash ?? (await hashPassword(randomToken(24))),
    real_name: u.realName,
    gender: u.gender === null || u.gender === undefined ? null : Number(u.gender),
    mobile: u.mobile ?? null,
    email: u.email ?? null,
    id_card_no: u.idCardNo ?? null,
    area_code: u.areaCode ?? null,
    org_name: u.orgName ?? null,
    enabled: u.enabled === false ? 0 : 1,
    approval: u.approval ?? null,
    must_change_password: u.mustChangePassword ? 1 : 0,
    must_change_reason: u.mustChangePassword ? 'created' : null,
    created_at: u.createdAt ?? Date.now(),
  });
  if (opts.ifAbsent) q = q.onConflict((oc) => oc.column('username').doNothing());
  const row = await q.returning('id').executeTakeFirst();
  if (!row) return null;
  const id = Number(row.id);
  for (const role of new Set(roles))
    await db.insertInto('user_roles').values({ user_id: id, role_code: role }).execute();
  return id;
}

/**
 * The users an administrator sees: super admins everyone; province admins the users whose roles
 * are all among 3–5; city admins the leaders and experts (and sign-ups) of their own area.
 */
function scopedUsers(db: Db, user: SessionUser) {
  const all = db.selectFrom('users').select('id');
  if (user.roleCode === '1') return all;
  const above = user.roleCode === '2' ? ['1', '2'] : ['1', '2', '3'];
  const below = all.where(
    'id',
    'not in',
    db.selectFrom('user_roles').select('user_id').where('role_code', 'in', above),
  );
  if (user.roleCode === '2') return below;
  if (user.roleCode === '3') return below.where('area_code', '=', user.areaCode ?? '\u0000');
  return below.where('id', '=', -1);
}

/**
 * Whether the actor administers the account as user admin does: it is among the users the actor's
 * user-admin list holds (super admins all; province admins those whose roles are all among 3–5;
 * city admins the leaders and experts of their own area).
 */
export async function administers(db: Db, actor: SessionUser, userId: number): Promise<boolean> {
  return Boolean(await scopedUsers(db, actor).where('id', '=', userId).executeTakeFirst());
}

/** Grants one role, checked as user admin checks it: a role the actor may grant, on an account the actor administers, never their own. */
export async function grantRole(db: Db, actor: SessionUser, userId: number, role: RoleCode): Promise<void> {
  const has = await db
    .selectFrom('user_roles')
    .select('role_code')
    .where('user_id', '=', userId)
    .where('role_code', '=', role)
    .executeTakeFirst();
  if (has) return;
  if (!grantableRoles(actor.roleCode).includes(role)) throw AppError.forbidden(ACCOUNT_MESSAGES.roleNotGrantable);
  if (userId === actor.userId || !(await administers(db, actor, userId)))
    throw AppError.forbidden(ACCOUNT_MESSAGES.notAdministered);
  await db.insertInto('user_roles').values({ user_id: userId, role_code: role }).execute();
}

/** A refusal on the person's 登录账号 field (the form shows it there). */
const refuse = (message: string) => AppError.invalid([{ field: 'account', label: '登录账号', message }]);

export interface Person {
  name: string;
  /** The login name asked for; null: the account holding the mobile number, else a new `<prefix><mobile>`. */
  account: string | null;
  mobile: string;
  idCardNo: string | null;
  areaCode: string | null;
  orgName: string | null;
}

/**
 * Links a person a module keeps (an expert) to an account holding `role`: the named account (else
 * the one with the mobile number) when the actor administers it, with the role granted under the
 * user-admin rules; otherwise a new account in the person's area. An account the actor could not
 * administer is refused whether or not it holds the role already: linking it would let the actor
 * act on it (put it on review batches).
 */
export async function linkAccount(
  db: Db,
  actor: SessionUser,
  p: Person,
  role: RoleCode,
  prefix: string,
): Promise<number> {
  const username = p.account ?? `${prefix}${p.mobile}`;
  const byName = () => db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  const found = p.account
    ? await byName()
    : ((await db.selectFrom('users').select('id').where('mobile', '=', p.mobile).orderBy('id').executeTakeFirst()) ??
      (await byName()));
  if (!grantableRoles(actor.roleCode).includes(role)) throw refuse(ACCOUNT_MESSAGES.roleNotGrantable);
  if (found) {
    const id = Number(found.id);
    if (id === actor.userId || !(await administers(db, actor, id))) throw refuse(ACCOUNT_MESSAGES.notAdministered);
    await grantRole(db, actor, id, role);
    return id;
  }
  const id = await insertUser(
    db,
    {
      username,
      realName: p.name,
      mobile: p.mobile,
      idCardNo: p.idCardNo,
      areaCode: p.areaCode,
      orgName: p.orgName,
    },
    [role],
    { ifAbsent: true },
  );
  // Taken between the look-up and the insert (or `zj<mobile>` held by another mobile's account).
  if (id === null) throw refuse('该账号已存在，请刷新后重试');
  return id;
}
