import type { EntityDef } from '../../../../shared/schema/types.js';
import type { AppContext } from '../../../AppContext.js';
import type { SessionUser } from '../../../platform/auth/sessions.js';
import { AppError } from '../../../platform/http/AppError.js';
import { hasRight, permissions } from '../../../platform/records/access.js';
import { DictionaryValues } from '../../../platform/records/dictionaries.js';
import { KyselyRecordStore, type StoredRecord } from '../../../platform/records/RecordStore.js';
import { validateFields } from '../../../platform/resources/validate.js';
import { virtualRecord, type VirtualEntity } from '../../../platform/resources/virtualEntities.js';
import { routePaths, type MenuRow } from './menuStore.js';

const BADGES = ['achieveNum', 'meetNum', 'reviewNum', 'topicNum', 'topicSumNum', 'topicChangeNum'];
const bad = (field: string, label: string, message: string) => AppError.invalid([{ field, label, message }]);

const toRecord = (r: MenuRow): StoredRecord =>
  virtualRecord(Number(r.id), {
    roleCode: r.role_code,
    parentCode: r.parent_code,
    name: r.name,
    code: r.code,
    path: r.path,
    icon: r.icon,
    sortNo: Number(r.sort_no),
    invisible: Boolean(Number(r.invisible)),
    badge: r.badge,
    section: Boolean(Number(r.section)),
  });

/** Menu entries per role (table menu_items) as the virtual entity menuItem (funcModulePre). */
export function menuAdmin(ctx: AppContext): VirtualEntity {
  const { db } = ctx.database;
  const entity = ctx.schemas.entities.get('menuItem') as EntityDef;
  const dicts = new DictionaryValues(ctx);
  const store = KyselyRecordStore.of(ctx.database);
  const paths = routePaths(ctx.schemas.routes);
  const need = (user: SessionUser, right: 'read' | 'create' | 'update' | 'delete') => {
    if (!hasRight(entity, right, user)) throw AppError.forbidden();
  };
  const answer = (r: StoredRecord, user: SessionUser) => ({ ...r, _perm: permissions(entity, null, r, user) });
  const find = async (id: unknown) => {
    const row = await db
      .selectFrom('menu_items')
      .selectAll()
      .where('id', '=', Number(id) || -1)
      .executeTakeFirst();
    if (!row) throw AppError.notFound();
    return toRecord(row as MenuRow);
  };
  const log = (user: SessionUser, id: number, action: string, label: string, comment: string | null) =>
    store.log({
      entity: 'menuItem',
      recordId: id,
      action,
      actionLabel: label,
      fromStatus: null,
      toStatus: null,
      comment,
      userId: user.userId,
      userName: user.realName,
      roleCode: user.roleCode,
      createdAt: Date.now(),
    });

  return {
    async list(body, user) {
      need(user, 'read');
      let q = db.selectFrom('menu_items').selectAll();
      for (const f of Array.isArray(body.filters) ? (body.filters as { field?: string; value?: unknown }[]) : []) {
        if (f?.value === undefined || f.value === null || f.value === '') continue;
        if (f.field === 'roleCode') q = q.where('role_code', '=', String(f.value));
        else if (f.field === 'name') q = q.where('name', 'like', `%${String(f.value)}%`);
        else throw AppError.invalid();
      }
      const page = Number(body.page ?? 1) || 1;
      const pageSize = Math.min(Number(body.pageSize ?? 10) || 10, 100);
      const rows = (await q
        .orderBy('role_code')
        .orderBy('parent_code')
        .orderBy('sort_no')
        .orderBy('id')
        .execute()) as MenuRow[];
      return {
        list: rows.slice((page - 1) * pageSize, page * pageSize).map((r) => answer(toRecord(r), user)),
        total: rows.length,
        page,
        pageSize,
      };
    },
    async get(body, user) {
      need(user, 'read');
      return answer(await find(body.id), user);
    },
    async save(body, user) {
      const isNew = body.id === undefined || body.id === null || body.id === '';
      need(user, isNew ? 'create' : 'update');
      const existing = isNew ? null : await find(body.id);
      const { values } = await validateFields(ctx, dicts, entity, body, existing, user);
      const after = { ...existing, ...values } as Record<string, unknown>;
      if (!paths.has(String(after.path))) throw bad('path', '路由地址', '路由地址不存在：只能指向已有页面');
      if (after.badge && !BADGES.includes(String(after.badge)))
        throw bad('badge', '角标', '角标只能是会议、课题、变更、成果或评审数');
      const role = String(after.roleCode);
      if (after.parentCode) {
        const parent = await db
          .selectFrom('menu_items')
          .select('id')
          .where('role_code', '=', role)
          .where('code', '=', String(after.parentCode))
          .executeTakeFirst();
        if (!parent || after.parentCode === after.code) throw bad('parentCode', '上级菜单编码', '上级菜单不存在');
      }
      const clash = await db
        .selectFrom('menu_items')
        .select('id')
        .where('role_code', '=', role)
        .where('code', '=', String(after.code))
        .executeTakeFirst();
      if (clash && Number(clash.id) !== existing?.id) throw bad('code', '菜单编码', '该角色下已有相同编码的菜单');
      const row = {
        role_code: role,
        parent_code: after.parentCode || null,
        name: after.name,
        code: after.code,
        path: after.path,
        icon: after.icon || null,
        sort_no: Number(after.sortNo ?? 0),
        invisible: after.invisible ? 1 : 0,
        badge: after.badge || null,
        section: after.section ? 1 : 0,
      };
      let id: number;
      if (isNew)
        id = Number((await db.insertInto('menu_items').values(row).returning('id').executeTakeFirstOrThrow()).id);
      else {
        id = existing!.id;
        await db.updateTable('menu_items').set(row).where('id', '=', id).execute();
        // Children follow a renamed section.
        if (existing!.code !== row.code)
          await db
            .updateTable('menu_items')
            .set({ parent_code: row.code })
            .where('role_code', '=', role)
            .where('parent_code', '=', String(existing!.code))
            .execute();
      }
      await log(user, id, isNew ? 'create' : 'update', isNew ? '新增菜单' : '修改菜单', `${row.name} ${row.path}`);
      return answer(await find(id), user);
    },
    async remove(body, user) {
      need(user, 'delete');
      const ids = Array.isArray(body.ids) ? body.ids : [body.id];
      for (const id of ids) {
        const rec = await find(id);
        const kids = await db
          .selectFrom('menu_items')
          .select('id')
          .where('role_code', '=', String(rec.roleCode))
          .where('parent_code', '=', String(rec.code))
          .executeTakeFirst();
        if (kids) throw AppError.forbidden('请先删除该菜单的下级菜单');
        await db.deleteFrom('menu_items').where('id', '=', rec.id).execute();
        await log(user, rec.id, 'delete', '删除菜单', String(rec.name));
      }
      return { deleted: ids.length };
    },
  };
}
