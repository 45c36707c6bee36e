import type { EntityDef } from '../../../shared/schema/types.js';
import { ROLE_NAMES, isAdminRole, type RoleCode } from '../../../shared/roles.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { scopeFilter, type Right } from '../../platform/records/access.js';
import type { RecordStore } from '../../platform/records/RecordStore.js';
import type { AccessDiff, AccessDiffRole, AccountReach } from '../../../shared/contracts/studio.js';
import type { Db } from '../../platform/db/tables.js';

/** Accounts of one role counted, at most: a role with more is counted on its first ones (said in the answer). */
export const ACCOUNTS_PER_ROLE = 200;
const SAMPLES = 3;
const BIGGEST = 5;

/** The enabled accounts holding a role, as sessions of that role. */
async function accountsOf(db: Db, role: string): Promise<{ users: SessionUser[]; total: number }> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.real_name', 'u.area_code', 'u.org_name'])
    .where('r.role_code', '=', role)
    .where('u.enabled', '=', 1)
    .orderBy('u.id')
    .limit(ACCOUNTS_PER_ROLE + 1)
    .execute();
  const users = rows.slice(0, ACCOUNTS_PER_ROLE).map((u) => ({
    userId: Number(u.id),
    username: u.username,
    realName: u.real_name,
    roleCode: role as RoleCode,
    roles: [role as RoleCode],
    areaCode: u.area_code ?? null,
    orgName: u.org_name ?? null,
    subSystemId: null,
    isAdmin: isAdminRole(role as RoleCode),
    tokenHash: '',
    csrfToken: '',
  }));
  return { users, total: rows.length };
}

/** Records of the entity a user holds a right on under one definition; null when the rules cannot be counted. */
async function reach(store: RecordStore, entity: EntityDef, right: Right, user: SessionUser, now: number) {
  try {
    const where = scopeFilter(entity, right, user, now);
    const { total } = await store.list(entity, { where, sort: [], offset: 0, limit: 1, fields: [] });
    return total;
  } catch {
    return null;
  }
}

const rolesOf = (e: EntityDef | undefined, right: Right) => (e?.access?.[right] ?? []).flatMap((r) => r.roles ?? []);

/**
 * An entity's access change in numbers: for every role its read (and update) rules name before or
 * after, each account's records before and after against the stored data, the totals per role, a
 * few accounts as samples and the accounts whose reach grows the most.
 */
export async function accessDiffOf(
  db: Db,
  store: RecordStore,
  before: EntityDef | undefined,
  after: EntityDef,
  now = Date.now(),
): Promise<AccessDiff> {
  const roles: AccessDiffRole[] = [];
  const rights: ('read' | 'update')[] = ['read', 'update'];
  for (const right of rights) {
    const named = [...new Set([...rolesOf(before, right), ...rolesOf(after, right)])].sort();
    const same = JSON.stringify(before?.access?.[right] ?? []) === JSON.stringify(after.access?.[right] ?? []);
    if (same) continue;
    for (const role of named) {
      const { users, total } = await accountsOf(db, role);
      const accounts: AccountReach[] = [];
      for (const u of users) {
        const b = before ? await reach(store, before, right, u, now) : 0;
        const a = await reach(store, after, right, u, now);
        accounts.push({ username: u.username, realName: u.realName, before: b, after: a });
      }
      const sum = (k: 'before' | 'after') => accounts.reduce((n, x) => n + (x[k] ?? 0), 0);
      const grown = [...accounts]
        .filter((x) => (x.after ?? 0) !== (x.before ?? 0))
        .sort((x, y) => (y.after ?? 0) - (y.before ?? 0) - ((x.after ?? 0) - (x.before ?? 0)));
      roles.push({
        right,
        role,
        roleName: ROLE_NAMES[role as RoleCode] ?? role,
        accounts: users.length,
        more: total > users.length,
        before: sum('before'),
        after: sum('after'),
        samples: accounts.slice(0, SAMPLES),
        biggest: grown.slice(0, BIGGEST),
      });
    }
  }
  return { entity: after.name, label: after.label, roles, lines: linesOf(after.label, roles) };
}

const RIGHT_WORDS: Record<string, string> = { read: '可查看', update: '可修改' };

/**
 * The diff as sentences: "可查看课题：课题负责人 共 7 个账号，合计 35 → 245", then the role's sample
 * accounts (its first ones, the same each time: leader1 is always named) and the accounts whose
 * reach changes the most besides them.
 */
export function linesOf(label: string, roles: AccessDiffRole[]): string[] {
  const out: string[] = [];
  for (const r of roles) {
    out.push(
      `${RIGHT_WORDS[r.right]}${label}：${r.roleName} 共 ${r.accounts}${r.more ? '+' : ''} 个账号，合计 ${r.before} → ${r.after}`,
    );
    const named = new Set(r.samples.map((s) => s.username));
    for (const a of [...r.samples, ...r.biggest.filter((b) => !named.has(b.username))].slice(0, SAMPLES + BIGGEST))
      out.push(`  ${r.roleName} ${a.username}：${a.before ?? '?'} → ${a.after ?? '?'} ${label}`);
  }
  return out;
}
