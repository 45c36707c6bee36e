import type { EntityDef } from '../../../../shared/schema/types.js';
import type { AppContext } from '../../../AppContext.js';
import type { SessionUser } from '../../../platform/auth/sessions.js';
import { AppError } from '../../../platform/http/AppError.js';
import { hasRight, permissions } from '../../../platform/records/access.js';
import { DictionaryValues } from '../../../platform/records/dictionaries.js';
import { KyselyRecordStore, type StoredRecord } from '../../../platform/records/RecordStore.js';
import { validateFields } from '../../../platform/resources/validate.js';
import { virtualRecord, type VirtualEntity } from '../../../platform/resources/virtualEntities.js';
import { listSubSystems, type SubSystemRow } from '../subSystems.js';

const toRecord = (s: SubSystemRow): StoredRecord =>
  virtualRecord(s.id, {
    code: s.code,
    systemName: s.systemName,
    organize: s.organize,
    defaultFlag: s.defaultFlag === 1,
  });

/** Sub-systems (table sub_systems, seeded from schemas/subSystems.json) as the virtual entity subSystem (baseInfoUpkeep). */
export function subSystemAdmin(ctx: AppContext): VirtualEntity {
  const { db } = ctx.database;
  const entity = ctx.schemas.entities.get('subSystem') as EntityDef;
  const dicts = new DictionaryValues(ctx);
  const store = KyselyRecordStore.of(ctx.database);
  const need = (user: SessionUser, right: 'read' | 'create' | 'update' | 'delete') => {
    if (!hasRight(entity, right, user)) throw AppError.forbidden();
  };
  const answer = (r: StoredRecord, user: SessionUser) => ({ ...r, _perm: permissions(entity, null, r, user) });
  const find = async (id: unknown) => {
    const hit = (await listSubSystems(db)).find((s) => String(s.id) === String(id));
    if (!hit) throw AppError.notFound();
    return toRecord(hit);
  };
  const log = (user: SessionUser, id: number, action: string, label: string, comment: string | null) =>
    store.log({
      entity: 'subSystem',
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
    async list(_body, user) {
      need(user, 'read');
      const list = (await listSubSystems(db)).map((s) => answer(toRecord(s), user));
      return { list, total: list.length, page: 1, pageSize: Math.max(10, list.length) };
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
      const id = await db.transaction().execute(async (trx) => {
        const row: Record<string, unknown> = {};
        if ('systemName' in values) row.system_name = values.systemName;
        if ('organize' in values) row.organize = values.organize;
        if (values.defaultFlag === true) await trx.updateTable('sub_systems').set({ default_flag: 0 }).execute();
        if ('defaultFlag' in values) row.default_flag = values.defaultFlag ? 1 : 0;
        if (existing?.defaultFlag && values.defaultFlag === false)
          throw AppError.invalid([
            { field: 'defaultFlag', label: '默认', message: '须保留一个默认子系统：请把另一个子系统设为默认' },
          ]);
        if (isNew) {
          const code = String(values.code ?? '');
          if (await trx.selectFrom('sub_systems').select('id').where('code', '=', code).executeTakeFirst()) {
            throw AppError.invalid([{ field: 'code', label: '子系统编码', message: '该编码已存在' }]);
          }
          const { n } = await trx
            .selectFrom('sub_systems')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow();
          const ins = await trx
            .insertInto('sub_systems')
            .values({ code, system_name: '', organize: '', default_flag: 0, sort_no: Number(n), ...row })
            .returning('id')
            .executeTakeFirstOrThrow();
          return Number(ins.id);
        }
        if (Object.keys(row).length)
          await trx.updateTable('sub_systems').set(row).where('id', '=', existing!.id).execute();
        return existing!.id;
      });
      await log(user, id, isNew ? 'create' : 'update', isNew ? '新增子系统' : '修改子系统', null);
      return answer(await find(id), user);
    },
    async remove(body, user) {
      need(user, 'delete');
      const ids = Array.isArray(body.ids) ? body.ids : [body.id];
      for (const id of ids) {
        const rec = await find(id);
        if (rec.defaultFlag) throw AppError.forbidden('默认子系统不能删除');
        await db.deleteFrom('sub_systems').where('id', '=', rec.id).execute();
        await log(user, rec.id, 'delete', '删除子系统', String(rec.systemName));
      }
      return { deleted: ids.length };
    },
  };
}
