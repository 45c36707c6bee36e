import type { EntityDef } from '../../../../shared/schema/types.js';
import type { AppContext } from '../../../AppContext.js';
import type { SessionUser } from '../../../platform/auth/sessions.js';
import { AppError } from '../../../platform/http/AppError.js';
import { hasRight, permissions } from '../../../platform/records/access.js';
import { DictionaryValues } from '../../../platform/records/dictionaries.js';
import { KyselyRecordStore, type StoredRecord } from '../../../platform/records/RecordStore.js';
import { validateFields } from '../../../platform/resources/validate.js';
import { logRows, virtualRecord, type VirtualEntity } from '../../../platform/resources/virtualEntities.js';
import { readSetting, writeSetting, type SiteSettings } from '../../../platform/reference/settingsStore.js';
import { accountSettings } from '../users/accountSettings.js';
import { logoDataUrl } from './logoImage.js';

/** What an administrator changed of the site settings; laid over the seeded "site" by querySysName. */
export interface SiteOverrides {
  systemName?: string;
  organize?: string;
  reviewType?: string;
  logImage?: string;
  logo?: unknown[];
}
export const SITE_OVERRIDES = 'siteOverrides';

export async function effectiveSite(ctx: AppContext): Promise<SiteSettings & { organize?: string }> {
  const site = await readSetting<SiteSettings>(ctx.database.db, 'site');
  if (!site) throw new Error('site settings missing: the seed did not run');
  const o = (await readSetting<SiteOverrides>(ctx.database.db, SITE_OVERRIDES)) ?? {};
  return {
    ...site,
    ...(o.systemName ? { systemName: o.systemName } : {}),
    ...(o.reviewType ? { reviewType: o.reviewType } : {}),
    ...(o.logImage ? { logImage: o.logImage } : {}),
    organize: o.organize ?? site.footer?.host?.replace(/^承办单位：/, '') ?? '',
  };
}

/** The site settings as the one record (id 1) of the virtual entity siteSetting (/systemSet/addSubSystem). */
export function siteAdmin(ctx: AppContext): VirtualEntity {
  const entity = ctx.schemas.entities.get('siteSetting') as EntityDef;
  const dicts = new DictionaryValues(ctx);
  const store = KyselyRecordStore.of(ctx.database);

  const record = async (): Promise<StoredRecord> => {
    const site = await effectiveSite(ctx);
    const o = (await readSetting<SiteOverrides>(ctx.database.db, SITE_OVERRIDES)) ?? {};
    return virtualRecord(1, {
      systemName: site.systemName,
      organize: site.organize ?? '',
      reviewType: site.reviewType,
      logo: o.logo ?? [],
      logImage: site.logImage,
      signUpApproval: (await accountSettings(ctx)).signUpApproval,
    });
  };
  const answer = async (user: SessionUser) => {
    const rec = await record();
    return { ...rec, _perm: permissions(entity, null, rec, user) };
  };
  const check = (body: Record<string, unknown>, user: SessionUser, right: 'read' | 'update') => {
    if (!hasRight(entity, right, user)) throw AppError.forbidden();
    if (body.id !== undefined && String(body.id) !== '1') throw AppError.notFound();
  };

  return {
    async list(body, user) {
      check({}, user, 'read');
      return { list: [await answer(user)], total: 1, page: 1, pageSize: 10 };
    },
    async get(body, user) {
      check(body, user, 'read');
      return answer(user);
    },
    async save(body, user) {
      check(body.id === undefined ? { id: 1 } : body, user, 'update');
      const existing = await record();
      const { values } = await validateFields(ctx, dicts, entity, body, existing, user);
      const o = (await readSetting<SiteOverrides>(ctx.database.db, SITE_OVERRIDES)) ?? {};
      const next: SiteOverrides = { ...o };
      for (const k of ['systemName', 'organize', 'reviewType'] as const)
        if (k in values) next[k] = (values[k] as string | null) ?? undefined;
      if ('logo' in values) {
        const refs = (values.logo as { id: number }[] | null) ?? [];
        next.logo = refs;
        next.logImage = refs.length ? await logoDataUrl(ctx, user, Number(refs[0].id)) : undefined;
      }
      await writeSetting(ctx.database.db, SITE_OVERRIDES, next);
      if ('signUpApproval' in values) {
        const accounts = (await readSetting<Record<string, unknown>>(ctx.database.db, 'accounts')) ?? {};
        await writeSetting(ctx.database.db, 'accounts', {
          ...accounts,
          signUpApproval: Boolean(values.signUpApproval),
        });
      }
      await store.log({
        entity: 'siteSetting',
        recordId: 1,
        action: 'update',
        actionLabel: '修改系统设置',
        fromStatus: null,
        toStatus: null,
        comment:
          Object.keys(values)
            .map((k) => entity.fields[k]?.label ?? k)
            .join('、') || null,
        userId: user.userId,
        userName: user.realName,
        roleCode: user.roleCode,
        createdAt: Date.now(),
      });
      return answer(user);
    },
    async logs(body, user) {
      check(body, user, 'read');
      return logRows(await store.logs(entity, 1));
    },
  };
}
