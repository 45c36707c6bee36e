import type { AppContext } from '../../../platform/AppContext.js';
import type { SessionUser } from '../../../platform/auth/sessions.js';
import { singleRecordEntity } from '../../../platform/resources/singleRecordEntity.js';
import { virtualRecord, type VirtualEntity } from '../../../platform/resources/virtualEntities.js';
import { maskPhone } from '../../../../shared/masks.js';

export const PROFILE_ENTITY = 'accountProfile';

/** Who corrects a person's identity fields: the administrator one level above the person's role. */
export function identityNote(roleCode: string): string {
  const who =
    roleCode === '1'
      ? '另一名超级管理员'
      : roleCode === '2'
        ? '超级管理员'
        : roleCode === '3'
          ? '省级管理员'
          : '所在地区的市级管理员';
  return `账号、姓名、所在单位、所属地区和角色由管理员登记，本人不能修改；如需更正，请联系${who}。手机号、电子邮箱须向新号码或新邮箱发送验证码确认后才会更换。`;
}

/**
 * The signed-in person's own account as the one record (its id the person's user id; 1 in an address) of accountProfile: nobody reads
 * another's here, and only the fields a person keeps (title) are written; the rest is read-only.
 */
export function profileAdmin(ctx: AppContext): VirtualEntity {
  const db = ctx.database.db;
  return singleRecordEntity(ctx, {
    entity: PROFILE_ENTITY,
    actionLabel: '修改个人信息',
    idOf: (user) => user.userId,
    async read(user: SessionUser) {
      const row = await db
        .selectFrom('users')
        .select(['username', 'real_name', 'org_name', 'area_code', 'title', 'mobile', 'email', 'email_verified'])
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow();
      return virtualRecord(
        user.userId,
        {
          username: row.username,
          realName: row.real_name,
          unit: row.org_name ?? null,
          area: row.area_code ?? null,
          roles: user.roles,
          title: row.title ?? null,
          mobile: row.mobile ? maskPhone(String(row.mobile)) : null,
          email: row.email ?? null,
          emailVerified: Boolean(Number(row.email_verified)),
          note: identityNote(user.roleCode),
        },
        { ownerId: user.userId, createdBy: user.userId },
      );
    },
    async write(values, existing, user) {
      const title = values.title === undefined ? existing.title : (values.title ?? null);
      if ((title ?? null) === (existing.title ?? null)) return null;
      await db
        .updateTable('users')
        .set({ title: title == null ? null : String(title) })
        .where('id', '=', user.userId)
        .execute();
      return `职称：${String(title ?? '')}`;
    },
  });
}
