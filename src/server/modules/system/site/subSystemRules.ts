import { sql } from 'kysely';
import type { EntityExtension } from '../../../platform/records/Engine.js';
import { AppError } from '../../../platform/http/AppError.js';

/**
 * What the schema of subSystem (table sub_systems) cannot say: exactly one sub-system is the
 * default (flagging one unflags the others; the default is neither unflagged nor deleted, another
 * is flagged instead), the code is kept once made (sign-ins and links name it), and a new one is
 * listed last on the sign-in page.
 */
export const subSystemRules: EntityExtension = {
  async inSave(_ctx, { existing, next, store }) {
    if (existing) next.code = existing.code;
    if (existing?.defaultFlag && next.defaultFlag === false)
      throw AppError.invalid([
        { field: 'defaultFlag', label: '默认', message: '须保留一个默认子系统：请把另一个子系统设为默认' },
      ]);
    if (next.defaultFlag === true && !existing?.defaultFlag)
      await store.executor.updateTable('sub_systems').set({ default_flag: 0 }).execute();
  },
  async inDelete(_ctx, { record }) {
    if (record.defaultFlag) throw AppError.forbidden('默认子系统不能删除');
  },
  async afterCommit(ctx, { record, action }) {
    if (action !== 'create') return;
    await sql`update sub_systems set sort_no = (select count(*) from sub_systems) - 1 where id = ${record.id}`.execute(
      ctx.database.db,
    );
  },
};
