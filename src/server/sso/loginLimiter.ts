import type { Kysely } from 'kysely';

/** Five failures for one account from one address within 15 minutes lock that pair for 15 minutes. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

/**
 * Counts failed logins in the database, so every server process sees the same count.
 * The key is the account as typed (lower-cased), known or not, so probing unknown names is limited too.
 */
export class LoginLimiter {
  constructor(private readonly db: Kysely<any>) {}

  static key(account: string): string {
    return account.trim().toLowerCase().slice(0, 160);
  }

  /** Milliseconds the pair stays locked, 0 when it is not locked. */
  async lockedFor(account: string, ip: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('sso_login_locks')
      .select('locked_until')
      .where('account_key', '=', LoginLimiter.key(account))
      .where('ip', '=', ip)
      .executeTakeFirst();
    const until = row ? Number(row.locked_until) : 0;
    return until > now ? until - now : 0;
  }

  /** Records a failure; returns true when this one locked the pair. */
  async fail(account: string, ip: string, now: number): Promise<boolean> {
    const key = LoginLimiter.key(account);
    await this.db.insertInto('sso_login_failures').values({ account_key: key, ip, failed_at: now }).execute();
    await this.db.deleteFrom('sso_login_failures').where('failed_at', '<=', now - FAILURE_WINDOW_MS).execute();
    const { n } = await this.db
      .selectFrom('sso_login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_key', '=', key)
      .where('ip', '=', ip)
      .where('failed_at', '>', now - FAILURE_WINDOW_MS)
      .executeTakeFirstOrThrow();
    if (Number(n) < MAX_FAILURES) return false;
    await this.db
      .insertInto('sso_login_locks')
      .values({ account_key: key, ip, locked_until: now + LOCK_MS })
      .onConflict((oc) => oc.columns(['account_key', 'ip']).doUpdateSet({ locked_until: now + LOCK_MS }))
      .execute();
    // The lock now speaks for these failures; after it ends the count starts again.
    await this.db.deleteFrom('sso_login_failures').where('account_key', '=', key).where('ip', '=', ip).execute();
    return true;
  }

  async succeed(account: string, ip: string): Promise<void> {
    const key = LoginLimiter.key(account);
    await this.db.deleteFrom('sso_login_failures').where('account_key', '=', key).where('ip', '=', ip).execute();
    await this.db.deleteFrom('sso_login_locks').where('account_key', '=', key).where('ip', '=', ip).execute();
  }
}
