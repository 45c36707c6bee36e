import crypto from 'node:crypto';
import type { Db } from '../db/tables.js';

/** Site settings of schemas/settings.json "site": name, review type, logo and footer credits. */
export interface SiteSettings {
  systemName: string;
  reviewType: string;
  /** 0: no result appraisal; the review stage 4 is hidden and refused (SPEC §5). */
  isTopicAppraisal?: 0 | 1;
  logImage: string;
  footer: {
    organiser: string;
    host: string;
    support: string;
    version: string;
    policeFiling: string;
    siteRegistration: string;
    supportPhone: string;
  };
}

export async function readSetting<T>(db: Db, key: string): Promise<T | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.value as string) as T) : null;
}

/** Writes a setting; with `seedHash`, only when the seed content changed since the last seed. */
export async function writeSetting(
  db: Db,
  key: string,
  value: unknown,
  opts: { seedHash?: string; now?: number } = {},
): Promise<boolean> {
  const now = opts.now ?? Date.now();
  const current = await db.selectFrom('settings').select('seed_hash').where('key', '=', key).executeTakeFirst();
  if (current && opts.seedHash && current.seed_hash === opts.seedHash) return false;
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), seed_hash: opts.seedHash ?? null, updated_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: JSON.stringify(value), seed_hash: opts.seedHash ?? null, updated_at: now }),
    )
    .execute();
  return true;
}

const SECRET_KEY = 'signingSecret';

/**
 * The key that signs short-lived tokens. APP_SECRET when configured; otherwise one is generated
 * once and kept in the database, so every process behind a load balancer signs with the same key.
 */
export async function signingSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  const existing = await readSetting<string>(db, SECRET_KEY);
  if (existing) return existing;
  const fresh = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('settings')
    .values({ key: SECRET_KEY, value: JSON.stringify(fresh), seed_hash: null, updated_at: Date.now() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  // Another process may have won the race: the stored one is the one everybody uses.
  return (await readSetting<string>(db, SECRET_KEY)) ?? fresh;
}
