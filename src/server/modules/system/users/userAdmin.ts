import type { EntityDef, OperationLogRow, WorkflowDef } from '../../../../shared/schema/types.js';
import { passwordRefusal } from '../../../platform/accounts/passwordPolicy.js';
import { insertUser } from '../../../platform/accounts/accounts.js';
import type { AppContext } from '../../../AppContext.js';
import type { SessionUser } from '../../../platform/auth/sessions.js';
import { hashPassword } from '../../../platform/auth/secrets.js';
import { AppError } from '../../../platform/http/AppError.js';
import { hasRight, permissions } from '../../../platform/records/access.js';
import { DictionaryValues } from '../../../platform/records/dictionaries.js';
import { KyselyRecordStore } from '../../../platform/records/RecordStore.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../platform/resources/ResourceService.js';
import { formatDateTime } from '../../../platform/records/time.js';
import { validateFields } from '../../../platform/resources/validate.js';
import { logRows, type VirtualEntity } from '../../../platform/resources/virtualEntities.js';
import { pickTransition } from '../../../platform/records/transitions.js';
import { LoginLimiter } from '../../../platform/sso/loginLimiter.js';
import { accountSettings } from './accountSettings.js';
import { assertManages, assertNotLastSuper, assertRoleChange } from '../../../platform/accounts/roleGuard.js';
import { readUser, scopedUsers, toRecords, type UserRecord } from '../../../platform/accounts/userRows.js';
import { MAX_PAGE } from '../../../platform/http/inputGuard.js';

const invalid = (field: string, label: string, message: string) => AppError.invalid([{ field, label, message }]);

function parseId(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw invalid('id', 'id', 'id格式不正确');
  return n;
}

const LIKE = { realName: 'real_name', username: 'username', unit: 'org_name' } as const;

/** Users, roles and account state administered through the schema pages (entity `user`, virtual). */
export function userAdmin(ctx: AppContext): VirtualEntity {
  const { db } = ctx.database;
  const entity = ctx.schemas.entities.get('user') as EntityDef;
  const workflow = ctx.schemas.workflows.get(entity.workflow!) as WorkflowDef;
  const store = KyselyRecordStore.of(ctx.database);
  const dicts = new DictionaryValues(ctx);

  const answer = (rec: UserRecord, user: SessionUser) => ({
    ...rec,
    createdAt: formatDateTime(rec.createdAt),
    updatedAt: formatDateTime(rec.updatedAt),
    _perm: permissions(entity, workflow, rec, user),
  });
  const audit = (
    user: SessionUser,
    id: number,
    action: string,
    label: string,
    comment: string | null,
    from: string | null,
    to: string | null,
  ) =>
    store.log({
      entity: 'user',
      recordId: id,
      action,
      actionLabel: label,
      fromStatus: from,
      toStatus: to,
      comment,
      userId: user.userId,
      userName: user.realName,
      roleCode: user.roleCode,
      createdAt: Date.now(),
    });
  const need = (user: SessionUser, right: 'read' | 'create' | 'update') => {
    if (!hasRight(entity, right, user)) throw AppError.forbidden();
  };

  return {
    async list(body, user) {
      need(user, 'read');
      const page = body.page === undefined ? 1 : Number(body.page);
      const pageSize = body.pageSize === undefined ? DEFAULT_PAGE_SIZE : Number(body.pageSize);
      if (
        !Number.isInteger(page) ||
        page < 1 ||
        page > MAX_PAGE ||
        !Number.isInteger(pageSize) ||
        pageSize < 1 ||
        pageSize > MAX_PAGE_SIZE
      )
        throw AppError.invalid();
      let q = scopedUsers(db, user);
      const filters = Array.isArray(body.filters) ? (body.filters as { field?: unknown; value?: unknown }[]) : [];
      for (const f of filters) {
        const v = f?.value;
        if (v === undefined || v === null || v === '') continue;
        if (typeof v !== 'string' && typeof v !== 'number') throw AppError.invalid();
        const text = String(v);
        const field = f.field as string;
        if (Object.hasOwn(LIKE, field))
          q = q.where(LIKE[field as keyof typeof LIKE], 'like', `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
        else if (field === 'area') q = q.where('area_code', '=', text);
        else if (field === 'roles')
          q = q.where('id', 'in', db.selectFrom('user_roles').select('user_id').where('role_code', '=', text));
        else if (field === 'status') {
          if (text === '2') q = q.where('approval', '=', 'pending');
          else if (text === '3') q = q.where('approval', '=', 'rejected');
          else if (text === '1' || text === '0')
            q = q.where('approval', 'is', null).where('enabled', '=', Number(text));
          else throw AppError.invalid();
        } else throw invalid(String(field), String(field), `不能按该字段查询：${String(field)}`);
      }
      const { n } = await q
        .clearSelect()
        .select((eb: any) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const sort = body.sort as { field?: string; order?: string } | undefined;
      const order = sort?.order === 'asc' ? 'asc' : 'desc';
      const col = sort?.field === 'username' ? 'username' : 'created_at';
      const rows = await q
        .orderBy(col, order)
        .orderBy('id', order)
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .execute();
      return { list: (await toRecords(db, rows)).map((r) => answer(r, user)), total: Number(n), page, pageSize };
    },

    async get(body, user) {
      need(user, 'read');
      return answer(await readUser(db, user, parseId(body.id)), user);
    },

    async save(body, user) {
      // The operation log names each changed column by its field's label.
      const PATCH_LABELS: Record<string, string> = {
        real_name: '姓名',
        gender: '性别',
        area_code: '所属地区',
        org_name: '所在单位',
      };
      const isNew = body.id === undefined || body.id === null || body.id === '';
      need(user, isNew ? 'create' : 'update');
      const existing = isNew ? null : await readUser(db, user, parseId(body.id));
      if (existing) assertManages(user, existing.roles);
      const { values } = await validateFields(ctx, dicts, entity, body, existing, user);
      const roles = [...new Set((values.roles as string[] | undefined) ?? existing?.roles ?? [])].sort();
      await assertRoleChange(db, user, existing?.id ?? null, existing?.roles ?? [], roles);
      if (!roles.length) throw invalid('roles', '角色', '角色不能为空');
      if (roles.includes('3') && !(values.area ?? existing?.area))
        throw invalid('area', '所属地区', '市级管理员须选择所属地区');
      const patch: Record<string, unknown> = {};
      if ('realName' in values) patch.real_name = values.realName;
      if ('gender' in values) patch.gender = values.gender === null ? null : Number(values.gender);
      if ('area' in values) patch.area_code = values.area;
      if ('unit' in values) patch.org_name = values.unit;
      return db
        .transaction()
        .execute(async (trx) => {
          let id: number;
          if (isNew) {
            const problem = passwordRefusal(body.password, { username: String(values.username ?? '') });
            if (problem) throw invalid('password', '初始密码', problem);
            const taken = await trx
              .selectFrom('users')
              .select('id')
              .where('username', '=', String(values.username))
              .executeTakeFirst();
            if (taken) throw invalid('username', '账号', '该账号已存在');
            // Roles are written below with the change log, as for an edit.
            id = (await insertUser(
              trx,
              {
                username: String(values.username),
                passwordHash: await hashPassword(String(body.password)),
                realName: String(values.realName),
                gender: (values.gender as string | undefined) ?? null,
                areaCode: (values.area as string | undefined) ?? null,
                orgName: (values.unit as string | undefined) ?? null,
                mustChangePassword: true,
              },
              [],
            ))!;
          } else {
            id = existing!.id;
            if (values.username !== undefined && values.username !== existing!.username)
              throw invalid('username', '账号', '账号不能修改');
            if (Object.keys(patch).length) await trx.updateTable('users').set(patch).where('id', '=', id).execute();
          }
          const before = existing?.roles ?? [];
          if (roles.join() !== before.join()) {
            await trx.deleteFrom('user_roles').where('user_id', '=', id).execute();
            for (const r of roles) await trx.insertInto('user_roles').values({ user_id: id, role_code: r }).execute();
          }
          const changes = [
            ...(roles.join() !== before.join() ? [`角色：${before.join(',') || '无'} → ${roles.join(',')}`] : []),
            ...Object.keys(patch).map((k) => `${PATCH_LABELS[k] ?? k}：${String(patch[k] ?? '')}`),
          ];
          await new KyselyRecordStore(trx, ctx.database.dialect).log({
            entity: 'user',
            recordId: id,
            action: isNew ? 'create' : 'update',
            actionLabel: isNew ? '新增用户' : '修改用户',
            fromStatus: existing?.status ?? null,
            toStatus: existing?.status ?? '1',
            comment: changes.join('；') || null,
            userId: user.userId,
            userName: user.realName,
            roleCode: user.roleCode,
            createdAt: Date.now(),
          });
          return id;
        })
        .then(async (id) => answer(await readUser(db, user, id), user));
    },

    async transition(body, user) {
      const rec = await readUser(db, user, parseId(body.id));
      const action = String(body.action ?? '');
      const t = pickTransition(workflow, entity, action, rec, user);
      if (!t) throw AppError.forbidden('当前状态不允许该操作');
      if (user.roleCode !== '3') assertManages(user, rec.roles);
      if (rec.id === user.userId) throw AppError.forbidden('不能对自己的账号执行该操作');
      const comment = typeof body.comment === 'string' && body.comment.trim() ? body.comment.trim() : null;
      if (t.comment === 'required' && !comment) throw invalid('comment', '意见', '请输入意见');
      if (action === 'disable' && rec.roles.includes('1')) await assertNotLastSuper(db, rec.id);
      const set: Record<string, unknown> = {};
      if (action === 'disable') set.enabled = 0;
      if (action === 'enable' || action === 'approve') {
        set.enabled = 1;
        set.approval = null;
      }
      if (action === 'reject') {
        set.enabled = 0;
        set.approval = 'rejected';
      }
      if (action === 'resetPassword') {
        set.password_hash = await hashPassword((await accountSettings(ctx)).resetPassword);
        set.must_change_password = 1;
      }
      if (Object.keys(set).length) await db.updateTable('users').set(set).where('id', '=', rec.id).execute();
      if (action === 'unlock' || action === 'resetPassword') {
        const keys = [
          LoginLimiter.key('', rec.id),
          LoginLimiter.deviceKey(LoginLimiter.key('', rec.id)),
          LoginLimiter.key(String(rec.username)),
        ];
        await db.deleteFrom('sso_login_locks').where('account_key', 'in', keys).execute();
        await db.deleteFrom('sso_login_failures').where('account_key', 'in', keys).execute();
      }
      // A disabled or reset account is signed out everywhere at once.
      if (action === 'disable' || action === 'resetPassword' || action === 'reject') {
        await db.deleteFrom('app_sessions').where('user_id', '=', rec.id).execute();
        await db.deleteFrom('sso_tickets').where('user_id', '=', rec.id).execute();
      }
      const after = await readUser(db, user, rec.id);
      await audit(user, rec.id, action, t.label, comment, String(rec.status), String(after.status));
      return answer(after, user);
    },

    async logs(body, user): Promise<OperationLogRow[]> {
      need(user, 'read');
      const rec = await readUser(db, user, parseId(body.id));
      return logRows(await store.logs(entity, rec.id));
    },
  };
}
