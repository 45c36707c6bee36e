import type { EntityDef } from '../../../../shared/schema/types.js';
import type { AppContext } from '../../../AppContext.js';
import { singleRecordEntity } from '../../../platform/resources/singleRecordEntity.js';
import { virtualRecord, type VirtualEntity } from '../../../platform/resources/virtualEntities.js';
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
  return singleRecordEntity(ctx, {
    entity: 'siteSetting',
    actionLabel: '修改系统设置',
    async read() {
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
    },
    async write(values, _existing, user) {
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
      return Object.keys(values)
        .map((k) => entity.fields[k]?.label ?? k)
        .join('、');
    },
  });
}
