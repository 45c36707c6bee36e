import type { AppContext } from '../../../platform/AppContext.js';
import type { EntityExtension } from '../../../platform/records/Engine.js';
import { sameValue } from '../../../platform/records/fieldDiff.js';
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

/**
 * What the schema of siteSetting (the settings rows siteOverrides and accounts) cannot say: a
 * setting nobody changed reads as the seeded one, a new logo becomes the header's picture (a data
 * URL in siteOverrides.logImage), and the log names the settings changed.
 */
export const siteRules: EntityExtension = {
  async onRead(ctx, records) {
    const site = await effectiveSite(ctx);
    const { signUpApproval } = await accountSettings(ctx);
    for (const record of records) {
      record.systemName ||= site.systemName;
      record.organize ??= site.organize ?? '';
      record.reviewType ||= site.reviewType;
      record.logo ??= [];
      record.signUpApproval ??= signUpApproval;
    }
  },
  // Before the save's transaction: the picture is read from the file store through the database.
  async beforeSave({ ctx, next, existing, user }) {
    if (sameValue(next.logo, existing?.logo)) return;
    const refs = (next.logo as { id: number }[] | null) ?? [];
    const o = (await readSetting<SiteOverrides>(ctx.database.db, SITE_OVERRIDES)) ?? {};
    const logImage = refs.length ? await logoDataUrl(ctx, user, Number(refs[0].id)) : undefined;
    await writeSetting(ctx.database.db, SITE_OVERRIDES, { ...o, logImage });
  },
  async inSave(_ctx, { entity, existing, next, log }) {
    log.actionLabel = '修改系统设置';
    const changed = Object.keys(entity.fields).filter((f) => !sameValue(existing?.[f], next[f]));
    log.comment = changed.map((f) => entity.fields[f].label).join('、') || null;
  },
};
