import type { AppContext } from '../../../platform/AppContext.js';
import { readSetting } from '../../../platform/reference/settingsStore.js';
import type { Db } from '../../../platform/db/tables.js';

/** schemas/settings.json "accounts" (the seed), overridden by the stored setting an admin saved. */
export interface AccountSettings {
  /** Self sign-ups wait for their city admin's approval. */
  signUpApproval: boolean;
  /** The password a reset gives an account (to be changed at the next sign-in). */
  resetPassword: string;
}

const DEFAULTS: AccountSettings = { signUpApproval: false, resetPassword: 'Reset@2026' };

/** `db`: the connection to read through (a transaction's, inside one). */
export async function accountSettings(ctx: AppContext, db: Db = ctx.database.db): Promise<AccountSettings> {
  const seed =
    (ctx.schemas.documents.get('settings') as { accounts?: Partial<AccountSettings> } | undefined)?.accounts ?? {};
  const stored = (await readSetting<Partial<AccountSettings>>(db, 'accounts')) ?? {};
  return { ...DEFAULTS, ...seed, ...stored };
}
