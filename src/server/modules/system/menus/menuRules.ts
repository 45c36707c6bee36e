import type { AppContext } from '../../../platform/AppContext.js';
import { AppError } from '../../../platform/http/AppError.js';
import type { EntityExtension } from '../../../platform/records/Engine.js';
import { routePaths } from './menuStore.js';

const BADGES = ['achieveNum', 'meetNum', 'reviewNum', 'reviewTodoNum', 'topicNum', 'topicSumNum', 'topicChangeNum'];
const bad = (field: string, label: string, message: string) => AppError.invalid([{ field, label, message }]);

/**
 * What the schema of menuItem (table menu_items) cannot say: an entry points at a page that
 * exists (a route of schemas/routes.json), its badge is one the shell counts, its parent is a menu
 * of the same role; the children follow a renamed section, and a section with children is kept.
 */
export function menuRules(ctx: AppContext): EntityExtension {
  const paths = routePaths(ctx.schemas.routes);
  return {
    async inSave(_ctx, { existing, next, store }) {
      if (!paths.has(String(next.path))) throw bad('path', '路由地址', '路由地址不存在：只能指向已有页面');
      if (next.badge && !BADGES.includes(String(next.badge)))
        throw bad('badge', '角标', '角标只能是会议、课题、变更、成果或评审数');
      const db = store.executor;
      const role = String(next.roleCode);
      if (next.parentCode) {
        const parent = await db
          .selectFrom('menu_items')
          .select('id')
          .where('role_code', '=', role)
          .where('code', '=', String(next.parentCode))
          .executeTakeFirst();
        if (!parent || next.parentCode === next.code) throw bad('parentCode', '上级菜单编码', '上级菜单不存在');
      }
      if (existing && existing.code !== next.code)
        await db
          .updateTable('menu_items')
          .set({ parent_code: next.code })
          .where('role_code', '=', role)
          .where('parent_code', '=', String(existing.code))
          .execute();
    },
    async inDelete(_ctx, { record, store }) {
      const kids = await store.executor
        .selectFrom('menu_items')
        .select('id')
        .where('role_code', '=', String(record.roleCode))
        .where('parent_code', '=', String(record.code))
        .executeTakeFirst();
      if (kids) throw AppError.forbidden('请先删除该菜单的下级菜单');
    },
  };
}
