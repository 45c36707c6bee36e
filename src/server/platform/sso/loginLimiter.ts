import type { Db } from '../db/tables.js';

/** Five failures for one account within 15 minutes, from any address, lock the account for 15 minutes. */
export const MAX_FAILURES = 5;
/** Failures from one address across all accounts that lock the address (password spraying). */
export const MAX_ADDRESS_FAILURES = 20;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

/** The `ip` of a lock that holds for an account from every address. */
const ANY_ADDRESS = '*';
/** The `account_key` of a lock that holds for an address whatever account it names. */
const ANY_ACCOUNT = '*';

/**
 * Counts failed logins in the database, so every server process sees the same count. The key is
 * the account itself (`user:<id>`) when the typed name, e-mail or mobile resolves to one, so one
 * account has one counter however it is named; an unknown name counts under itself, so probing
 * unknown names is limited alike. A second counter per address stops spraying across accounts.
 */
export class LoginLimiter {
  constructor(private readonly db: Db) {}

  static key(account: string, userId?: number): string {
    return userId !== undefined ? `user:${userId}` : `name:${account.trim().toLowerCase().slice(0, 150)}`;
  }

  /** The counter of an account's browsers that signed in to it before: locked apart from the rest. */
  static deviceKey(key: string): string {
    return `${key}:device`;
  }

  /** The key's failures within the window (the progressive delay grows with them). */
  async recentFailures(key: string, now: number): Promise<number> {
    return this.count(now, { account_key: key });
  }

  /** Failures from an address within the window, whatever accounts they named (its captcha grows harder). */
  async addressFailures(ip: string, now: number): Promise<number> {
    return this.count(now, { ip });
  }

  /** Milliseconds the account or the address stays locked, 0 when neither is. */
  async lockedFor(key: string, ip: string, now: number): Promise<number> {
    const rows = await this.db
      .selectFrom('sso_login_locks')
      .select('locked_until')
      .where((eb) =>
        eb.or([
          eb.and([eb('account_key', '=', key), eb('ip', '=', ANY_ADDRESS)]),
          eb.and([eb('account_key', '=', ANY_ACCOUNT), eb('ip', '=', ip)]),
        ]),
      )
      .execute();
    const until = Math.max(0, ...rows.map((r) => Number(r.locked_until)));
    return until > now ? until - now : 0;
  }

  private async lock(accountKey: string, ip: string, now: number): Promise<void> {
    await this.db
      .insertInto('sso_login_locks')
      .values({ account_key: accountKey, ip, locked_until: now + LOCK_MS })
      .onConflict((oc) => oc.columns(['account_key', 'ip']).doUpdateSet({ locked_until: now + LOCK_MS }))
      .execute();
  }

  private async count(now: number, where: { account_key?: string; ip?: string }): Promise<number> {
    let q = this.db
      .selectFrom('sso_login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('failed_at', '>', now - FAILURE_WINDOW_MS);
    if (where.account_key) q = q.where('account_key', '=', where.account_key);
    if (where.ip) q = q.where('ip', '=', where.ip);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** Records a failure; returns true when this one locked the account or the address. */
  async fail(key: string, ip: string, now: number): Promise<boolean> {
    await this.db.insertInto('sso_login_failures').values({ account_key: key, ip, failed_at: now }).execute();
    await this.db
      .deleteFrom('sso_login_failures')
      .where('failed_at', '<=', now - FAILURE_WINDOW_MS)
      .execute();
    let locked = false;
    if ((await this.count(now, { account_key: key })) >= MAX_FAILURES) {
      await this.lock(key, ANY_ADDRESS, now);
      // The lock now speaks for these failures; after it ends the count starts again.
      await this.db.deleteFrom('sso_login_failures').where('account_key', '=', key).execute();
      locked = true;
    }
    if ((await this.count(now, { ip })) >= MAX_ADDRESS_FAILURES) {
      await this.lock(ANY_ACCOUNT, ip, now);
      await this.db.deleteFrom('sso_login_failures').where('ip', '=', ip).execute();
      locked = true;
    }
    return locked;
  }

  /** A right password clears the account's failures (not the address's: a sprayer's one hit must not reset it). */
  async succeed(key: string): Promise<void> {
    await this.db.deleteFrom('sso_login_failures').where('account_key', '=', key).execute();
    await this.db.deleteFrom('sso_login_locks').where('account_key', '=', key).execute();
  }
}
