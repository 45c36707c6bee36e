import { insertUser } from '../../../platform/accounts/accounts.js';
import { passwordRefusal } from '../../../platform/accounts/passwordPolicy.js';
import { assertManages, assertNotLastSuper, assertRoleChange } from '../../../platform/accounts/roleGuard.js';
import { hashPassword } from '../../../platform/auth/secrets.js';
import { AppError } from '../../../platform/http/AppError.js';
import type { EntityExtension } from '../../../platform/records/Engine.js';
import { sameValue } from '../../../platform/records/fieldDiff.js';
import { LoginLimiter } from '../../../platform/sso/loginLimiter.js';
import { accountSettings } from './accountSettings.js';
import { siteWords } from './siteWords.js';
import type { Db } from '../../../platform/db/tables.js';

const invalid = (field: string, label: string, message: string) => AppError.invalid([{ field, label, message }]);
const rolesOf = (v: unknown) => [...new Set((v as string[] | null) ?? [])].sort();
/** The fields a change of which the log's comment names, with the new value. */
const LOGGED = ['realName', 'gender', 'area', 'unit'];

/** The sign-on's failure counter and lock rows of an account (by its id and by its name). */
const lockKeys = (id: number, username: string) => {
  const key = LoginLimiter.key('', id);
  return [key, LoginLimiter.deviceKey(key), LoginLimiter.key(username)];
};

/**
 * What the schema of `user` cannot say: who may grant which role (platform/accounts/roleGuard),
 * a city admin's area, the password policy and a free, fixed account name, the one insert of user
 * rows (platform/accounts), the login lock, and signing out a disabled, rejected or reset account.
 * Nobody acts on their own account: the workflow's guards say so.
 */
export const userRules: EntityExtension = {
  async onRead(_ctx, records, db) {
    const locks = await db
      .selectFrom('sso_login_locks')
      .select('account_key')
      .where(
        'account_key',
        'in',
        records.map((r) => LoginLimiter.key('', r.id)),
      )
      .where('locked_until', '>', Date.now())
      .execute();
    const locked = new Set(locks.map((l) => l.account_key));
    for (const record of records) record.locked = locked.has(LoginLimiter.key('', record.id));
  },

  async inSave(ctx, { entity, user, existing, next, store, log }) {
    const db = store.executor;
    const before = (existing?.roles as string[] | undefined) ?? [];
    if (existing) assertManages(user, before);
    const roles = rolesOf(next.roles);
    next.roles = roles;
    await assertRoleChange(db, user, existing?.id ?? null, before, roles);
    if (!roles.length) throw invalid('roles', '角色', '角色不能为空');
    if (roles.includes('3') && !next.area) throw invalid('area', '所属地区', '市级管理员须选择所属地区');
    if (!existing) {
      const problem = passwordRefusal(next.password, {
        username: String(next.username ?? ''),
        realName: String(next.realName ?? ''),
        site: await siteWords(ctx, db),
      });
      if (problem) throw invalid('password', '初始密码', problem);
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', String(next.username))
        .executeTakeFirst();
      if (taken) throw invalid('username', '账号', '该账号已存在');
      next.mustChangePassword = true;
    } else if (next.username !== existing.username) throw invalid('username', '账号', '账号不能修改');
    log.actionLabel = existing ? '修改用户' : '新增用户';
    const changes = [
      ...(roles.join() !== before.join() ? [`角色：${before.join(',') || '无'} → ${roles.join(',')}`] : []),
      ...LOGGED.filter((f) => !sameValue(existing?.[f] ?? null, next[f] ?? null)).map(
        (f) => `${entity.fields[f].label}：${String(next[f] ?? '')}`,
      ),
    ];
    log.comment = changes.join('；') || null;
  },

  // Roles follow as the record's list, written by the engine after the row.
  async insert(_ctx, { record, db }) {
    const id = await insertUser(
      db,
      {
        username: String(record.username),
        passwordHash: await hashPassword(String(record.password)),
        realName: String(record.realName),
        gender: (record.gender as string | null) ?? null,
        areaCode: (record.area as string | null) ?? null,
        orgName: (record.unit as string | null) ?? null,
        mustChangePassword: true,
        createdAt: Number(record.createdAt),
      },
      [],
    );
    return id!;
  },

  async onTransition(ctx, { user, record, next, transition, store }) {
    const db = store.executor;
    const action = transition.action;
    const roles = (record.roles as string[] | null) ?? [];
    if (user && user.roleCode !== '3') assertManages(user, roles);
    if (action === 'disable' && roles.includes('1')) await assertNotLastSuper(db, record.id);
    if (action === 'resetPassword') {
      const hash = await hashPassword((await accountSettings(ctx, db)).resetPassword);
      await db
        .updateTable('users')
        .set({ password_hash: hash, must_change_reason: 'reset' })
        .where('id', '=', record.id)
        .execute();
      next.mustChangePassword = true;
    }
    if (action === 'unlock' || action === 'resetPassword') {
      const keys = lockKeys(record.id, String(record.username));
      await db.deleteFrom('sso_login_locks').where('account_key', 'in', keys).execute();
      await db.deleteFrom('sso_login_failures').where('account_key', 'in', keys).execute();
      next.locked = false;
    }
    // A disabled, rejected or reset account is signed out everywhere at once.
    if (action === 'disable' || action === 'resetPassword' || action === 'reject') await signOut(db, record.id);
  },
};

async function signOut(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('app_sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('sso_tickets').where('user_id', '=', userId).execute();
}
