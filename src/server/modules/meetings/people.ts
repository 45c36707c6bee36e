import { ROLE_NAMES, type RoleCode } from '../../../shared/roles.js';
import type { Db } from '../../platform/db/tables.js';

/** A person as pickers, attendee lists and exports show them. */
export interface Person {
  userId: number;
  name: string;
  unit: string;
  areaCode: string | null;
  roles: RoleCode[];
  mobile: string | null;
}

/** What a person takes part as: an expert, a project leader, else their first role. */
export function roleNameOf(roles: RoleCode[]): string {
  if (roles.includes('5')) return ROLE_NAMES['5'];
  if (roles.includes('4')) return ROLE_NAMES['4'];
  return roles.length ? ROLE_NAMES[roles[0]] : '';
}

/** Enabled users by id (unknown and disabled ids are left out). */
export async function peopleByIds(db: Db, ids: number[]): Promise<Map<number, Person>> {
  const out = new Map<number, Person>();
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (!wanted.length) return out;
  const users = await db
    .selectFrom('users')
    .select(['id', 'real_name', 'username', 'org_name', 'area_code', 'mobile'])
    .where('id', 'in', wanted)
    .where('enabled', '=', 1)
    .execute();
  const roles = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role_code'])
    .where('user_id', 'in', wanted)
    .orderBy('role_code')
    .execute();
  for (const u of users) {
    out.set(Number(u.id), {
      userId: Number(u.id),
      name: u.real_name || u.username,
      unit: u.org_name ?? '',
      areaCode: u.area_code ?? null,
      roles: roles.filter((r) => Number(r.user_id) === Number(u.id)).map((r) => r.role_code as RoleCode),
      mobile: u.mobile ?? null,
    });
  }
  return out;
}

/** The user ids a list field holds (kept as text so a read rule can ask whether it holds the caller). */
export function idList(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((v) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : NaN))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}
