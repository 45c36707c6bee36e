import type { AppContext } from '../../../platform/AppContext.js';
import { readSetting, type SiteSettings } from '../../../platform/reference/settingsStore.js';
import { SITE_OVERRIDES, type SiteOverrides } from '../site/siteRules.js';
import type { Db } from '../../../platform/db/tables.js';

/**
 * The portal's words a password may not be built on: the system name and organiser, as seeded and
 * as an administrator changed them (the fixed forms of the product's name are in
 * src/shared/passwordStrength.ts). `db`: the connection to read through (a transaction's, inside one).
 */
export async function siteWords(ctx: AppContext, db: Db = ctx.database.db): Promise<string[]> {
  const site = await readSetting<SiteSettings & { organize?: string }>(db, 'site');
  const o = (await readSetting<SiteOverrides>(db, SITE_OVERRIDES)) ?? {};
  return [site?.systemName, site?.organize, o.systemName, o.organize].filter(
    (w): w is string => typeof w === 'string' && w.trim() !== '',
  );
}
