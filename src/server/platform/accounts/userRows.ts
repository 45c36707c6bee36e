import type { Kysely } from 'kysely';
import { maskIdCard, maskPhone } from '../../../shared/masks.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import type { StoredRecord } from '../records/RecordStore.js';
import { LoginLimiter } from '../sso/loginLimiter.js';
import { virtualRecord } from '../resources/virtualEntities.js';

/** Account status codes of workflow userAccount. */
export function statusOf(u: Record<string, any>): string {
  if (u.approval === 'pending') return '2';
  if (u.approval === 'rejected') return '3';
  return Number(u.enabled) ? '1' : '0';
}

/** A user as a record of the virtual entity `user`: ID number and mobile masked, never the password. */
export type UserRecord = StoredRecord & { roles: string[]; locked: boolean };

type Row = Record<string, any>;

async function rolesOf(db: Kysely<any>, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (!ids.length) return map;
  const rows = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role_code'])
    .where('user_id', 'in', ids)
    .orderBy('role_code')
    .execute();
  for (const r of rows) map.set(Number(r.user_id), [...(map.get(Number(r.user_id)) ?? []), String(r.role_code)]);
  return map;
}

/** Accounts locked by the sign-on's failure counter (keyed by the account id). */
async function lockedIds(db: Kysely<any>, ids: number[], now: number): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const keys = ids.map((id) => LoginLimiter.key('', id));
  const rows = await db
    .selectFrom('sso_login_locks')
    .select('account_key')
    .where('account_key', 'in', keys)
    .where('locked_until', '>', now)
    .execute();
  return new Set(rows.map((r) => String(r.account_key)));
}

export async function toRecords(db: Kysely<any>, rows: Row[], now = Date.now()): Promise<UserRecord[]> {
  const roles = await rolesOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  const locked = await lockedIds(
    db,
    rows.map((r) => Number(r.id)),
    now,
  );
  return rows.map(
    (r) =>
      virtualRecord(
        Number(r.id),
        {
          username: r.username,
          realName: r.real_name,
          gender: r.gender === null || r.gender === undefined ? null : String(r.gender),
          roles: roles.get(Number(r.id)) ?? [],
          area: r.area_code ?? null,
          unit: r.org_name ?? null,
          mobile: maskPhone(r.mobile),
          idCardNo: maskIdCard(r.id_card_no),
          locked: locked.has(LoginLimiter.key('', Number(r.id))),
          mustChangePassword: Boolean(Number(r.must_change_password)),
        },
        {
          status: statusOf(r),
          areaCode: r.area_code ?? null,
          createdAt: Number(r.created_at),
          updatedAt: Number(r.created_at),
        },
      ) as UserRecord,
  );
}

const COLUMNS = [
  'id',
  'username',
  'real_name',
  'gender',
  'area_code',
  'org_name',
  'mobile',
  'id_card_no',
  'enabled',
  'approval',
  'must_change_password',
  'created_at',
];

/**
 * The users an administrator sees: super admins everyone; province admins the users whose roles
 * are all among 3–5; city admins the leaders and experts (and sign-ups) of their own area.
 */
export function scopedUsers(db: Kysely<any>, user: SessionUser): any {
  let q = db.selectFrom('users').select(COLUMNS);
  if (user.roleCode === '1') return q;
  const above = user.roleCode === '2' ? ['1', '2'] : ['1', '2', '3'];
  q = q.where('id', 'not in', db.selectFrom('user_roles').select('user_id').where('role_code', 'in', above));
  if (user.roleCode === '3') q = q.where('area_code', '=', user.areaCode ?? '\u0000');
  else if (user.roleCode !== '2') q = q.where('id', '=', -1);
  return q;
}

export async function readUser(db: Kysely<any>, user: SessionUser, id: number): Promise<UserRecord> {
  const row = await scopedUsers(db, user).where('id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound();
  return (await toRecords(db, [row]))[0];
}
