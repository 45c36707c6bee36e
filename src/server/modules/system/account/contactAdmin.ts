import type { AppContext } from '../../../platform/AppContext.js';
import type { SessionUser } from '../../../platform/auth/sessions.js';
import { AccountCodes } from '../../../platform/accounts/accountCodes.js';
import { AppError } from '../../../platform/http/AppError.js';
import { singleRecordEntity } from '../../../platform/resources/singleRecordEntity.js';
import { virtualRecord, type VirtualEntity } from '../../../platform/resources/virtualEntities.js';
import { maskPhone } from '../../../../shared/masks.js';
import { checkNewContact, PURPOSE, type ContactKind } from './contactChange.js';

export const CONTACT_ENTITY = 'accountContact';

const FIELDS: Record<ContactKind, { value: string; code: string; label: string; codeLabel: string }> = {
  mobile: { value: 'newMobile', code: 'mobileCode', label: '新手机号', codeLabel: '短信验证码' },
  email: { value: 'newEmail', code: 'emailCode', label: '新电子邮箱', codeLabel: '邮箱验证码' },
};

/**
 * 个人中心 › 更换手机号/邮箱: the caller's own mobile and e-mail (one record, its id the person's own). A new one is
 * kept only with the code sent to it (contactChange.ts), so nobody moves an account to an address
 * they do not hold; a confirmed e-mail counts as verified.
 */
export function contactAdmin(ctx: AppContext): VirtualEntity {
  const db = ctx.database.db;
  const codes = new AccountCodes(ctx);
  return singleRecordEntity(ctx, {
    entity: CONTACT_ENTITY,
    actionLabel: '更换手机号/邮箱',
    idOf: (user) => user.userId,
    async read(user: SessionUser) {
      const row = await db
        .selectFrom('users')
        .select(['mobile', 'email', 'email_verified'])
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow();
      return virtualRecord(
        user.userId,
        {
          mobile: row.mobile ? maskPhone(String(row.mobile)) : null,
          email: row.email ?? null,
          emailVerified: Boolean(Number(row.email_verified)),
        },
        { ownerId: user.userId, createdBy: user.userId },
      );
    },
    async write(values, _existing, user) {
      // A save with neither is refused before this by the entity's requireOneOf (the form says the same).
      const wanted = (['mobile', 'email'] as const).filter((k) => String(values[FIELDS[k].value] ?? '').trim());
      const changes: { kind: ContactKind; target: string }[] = [];
      for (const kind of wanted) {
        const f = FIELDS[kind];
        const target = await checkNewContact(ctx, user, kind, String(values[f.value]), {
          name: f.value,
          label: f.label,
        });
        const code = String(values[f.code] ?? '').trim();
        if (!code) throw AppError.invalid([{ field: f.code, label: f.codeLabel, message: `请输入${f.codeLabel}` }]);
        const used = await codes.use({ userId: user.userId, purpose: PURPOSE[kind], target, code });
        if (!used.ok) throw AppError.invalid([{ field: f.code, label: f.codeLabel, message: used.message }]);
        changes.push({ kind, target });
      }
      for (const { kind, target } of changes)
        await db
          .updateTable('users')
          .set(kind === 'mobile' ? { mobile: target } : { email: target, email_verified: 1 })
          .where('id', '=', user.userId)
          .execute();
      return changes
        .map(({ kind, target }) => (kind === 'mobile' ? `手机号更换为${maskPhone(target)}` : `电子邮箱更换为${target}`))
        .join('；');
    },
  });
}
