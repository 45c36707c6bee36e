import crypto from 'node:crypto';
import type { AppContext } from '../AppContext.js';
import { hashToken } from '../auth/secrets.js';
import { accountType } from '../../../shared/account.js';
import { maskPhone } from '../../../shared/masks.js';
import { smsGatewayOf } from '../notifications/smsGateway.js';
import type { SmsPurpose, SmsSender, SsoOutcome } from './SsoService.js';
import { SSO_MESSAGES as M } from './ssoMessages.js';
import type { Db } from '../db/tables.js';

export const SMS_TTL_MS = 5 * 60 * 1000;
/** One SMS per mobile per minute, five per mobile and twenty per address per hour. */
export const SMS_MIN_INTERVAL_MS = 60 * 1000;
export const SMS_PER_MOBILE_PER_HOUR = 5;
export const SMS_PER_IP_PER_HOUR = 20;
/** Wrong guesses one code survives, and wrong guesses per mobile per hour across all its codes. */
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_MAX_FAILURES_PER_MOBILE = 10;
const HOUR = 60 * 60 * 1000;

/** Compares two hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Login codes keep their original hash input; other purposes are prefixed so codes never cross over. */
function smsHash(purpose: SmsPurpose, mobile: string, code: string): string {
  return hashToken(purpose === 'login' ? `${mobile}:${code}` : `${purpose}:${mobile}:${code}`);
}

export interface SmsCodeOptions {
  generateSmsCode?: () => string;
  smsSender?: SmsSender;
}

/**
 * The one-time codes sent by SMS (sign-in, sign-up): kept hashed in the database, rate-limited per
 * mobile and per address, each ending after a few wrong guesses and at its first use.
 */
export class SmsCodes {
  private readonly db: Db;

  constructor(
    private readonly ctx: AppContext,
    private readonly now: () => number,
    private readonly options: SmsCodeOptions = {},
  ) {
    this.db = ctx.database.db;
  }

  /**
   * Sends a code for `purpose` when `isRegistered` says the mobile fits it (registered to sign in,
   * unknown to sign up); answers the same either way, so the answer tells nobody who is registered.
   */
  async send(
    mobile: string,
    ip: string,
    purpose: SmsPurpose,
    isRegistered: (mobile: string) => Promise<boolean>,
  ): Promise<SsoOutcome<null>> {
    if (accountType(mobile) !== 'mobile') return { ok: false, message: M.mobileInvalid };
    const now = this.now();
    const recent = await this.db
      .selectFrom('sso_sms_codes')
      .select(['mobile', 'ip', 'created_at'])
      .where((eb) => eb.or([eb('mobile', '=', mobile), eb('ip', '=', ip)]))
      .where('created_at', '>', now - HOUR)
      .execute();
    const forMobile = recent.filter((r) => r.mobile === mobile);
    if (
      forMobile.some((r) => Number(r.created_at) > now - SMS_MIN_INTERVAL_MS) ||
      forMobile.length >= SMS_PER_MOBILE_PER_HOUR ||
      recent.filter((r) => r.ip === ip).length >= SMS_PER_IP_PER_HOUR
    )
      return { ok: false, message: M.smsTooSoon };
    await this.db
      .deleteFrom('sso_sms_codes')
      .where('created_at', '<', now - 24 * HOUR)
      .execute();

    const code =
      this.options.generateSmsCode?.() ??
      this.ctx.config.smsTestCode ??
      String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    // Recorded (and rate-limited) even for an unknown number, so the answer tells nobody who is registered.
    await this.db
      .insertInto('sso_sms_codes')
      .values({
        mobile,
        code_hash: smsHash(purpose, mobile, code),
        ip,
        attempts: 0,
        created_at: now,
        expires_at: now + SMS_TTL_MS,
        used_at: null,
      })
      .execute();
    const known = await isRegistered(mobile);
    // Not awaited: a gateway's delay would otherwise tell a registered number from an unknown one.
    if (purpose === 'signUp' ? !known : known) {
      void Promise.resolve()
        .then(() => (this.options.smsSender ?? this.gatewaySender)(mobile, code))
        .catch((err: unknown) => this.ctx.log.error({ err, mobile: maskPhone(mobile) }, 'SMS code not sent'));
    }
    return { ok: true, value: null };
  }

  /** Checks a code and uses it up; wrong guesses are counted in the database. */
  async verify(mobile: string, smsCode: string, purpose: SmsPurpose): Promise<SsoOutcome<null>> {
    if (accountType(mobile) !== 'mobile') return { ok: false, message: M.mobileInvalid };
    const now = this.now();
    const row = await this.db
      .selectFrom('sso_sms_codes')
      .select(['id', 'code_hash', 'attempts'])
      .where('mobile', '=', mobile)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row || Number(row.attempts) >= SMS_MAX_ATTEMPTS) return { ok: false, message: M.smsExpired };
    // New codes do not buy new guesses: the mobile's wrong guesses of the last hour count together.
    const recent = await this.db
      .selectFrom('sso_sms_codes')
      .select('attempts')
      .where('mobile', '=', mobile)
      .where('created_at', '>', now - HOUR)
      .execute();
    if (recent.reduce((n, r) => n + Number(r.attempts), 0) >= SMS_MAX_FAILURES_PER_MOBILE)
      return { ok: false, message: M.smsExpired };
    if (!sameHash(row.code_hash as string, smsHash(purpose, mobile, smsCode.trim()))) {
      // Counted in the database (attempts + 1), so parallel guesses cannot share one count.
      await this.db
        .updateTable('sso_sms_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      return { ok: false, message: M.smsWrong };
    }
    const taken = await this.db
      .updateTable('sso_sms_codes')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return { ok: false, message: M.smsExpired };
    return { ok: true, value: null };
  }

  /** The app's SMS gateway (the log driver unless a deployment plugged its own in), as notices use it too. */
  private readonly gatewaySender: SmsSender = async (mobile, code) => {
    await smsGatewayOf(this.ctx).send(mobile, `您的验证码为${code}，${SMS_TTL_MS / 60000}分钟内有效，请勿告诉他人。`);
  };
}
