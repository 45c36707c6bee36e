import crypto from 'node:crypto';
import type { AppContext } from '../AppContext.js';
import { hashToken, randomToken, verifyPassword, hashPassword } from '../auth/secrets.js';
import { endSessionsOfTicket, SESSION_IDLE_MS, SESSION_MAX_MS } from '../auth/sessions.js';
import { accountType } from '../../../shared/account.js';
import type {
  CaptchaConfig,
  IssuedCaptcha,
  LoginInput,
  SmsPurpose,
  SmsSender,
  SsoIdentity,
  SsoOutcome,
  SsoService,
} from './SsoService.js';
import {
  captchaHardness,
  hardenCaptchaConfig,
  normaliseCaptchaConfig,
  randomCaptchaCode,
  renderCaptchaSvg,
} from './captchaImage.js';
import { FAILURE_WINDOW_MS, LoginLimiter } from './loginLimiter.js';
import { failureDelayMs, tellOwnerOfLock } from './deviceTrust.js';
import { SSO_MESSAGES as M } from './ssoMessages.js';
import { sameHash, SmsCodes } from './smsCodes.js';
import type { Db } from '../db/tables.js';

export { SMS_MAX_ATTEMPTS, SMS_MAX_FAILURES_PER_MOBILE, SMS_TTL_MS } from './smsCodes.js';
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** A captcha kept for a sign-up's 注册 lives as long as the SMS code sent with it might be typed. */
const KEPT_CAPTCHA_MS = 10 * 60 * 1000;
/** A login form needs a handful; a script filling the table with pictures is stopped here. */
export const CAPTCHAS_PER_IP_PER_MINUTE = 120;
export const TICKET_IDLE_MS = SESSION_IDLE_MS;

export interface BuiltInSsoOptions {
  /** Clock; tests move it to expire captchas and tickets. */
  now?: () => number;
  /** Captcha code generator; tests make it deterministic to exercise the real comparison. */
  generateCaptchaCode?: (config: CaptchaConfig) => string;
  generateSmsCode?: () => string;
  smsSender?: SmsSender;
  /** How a failure's delay is waited for; tests record it instead. */
  sleep?: (ms: number) => Promise<void>;
}

function captchaHash(captchaId: string, code: string): string {
  return hashToken(`${captchaId}:${code.trim().toUpperCase()}`);
}

// Verifying against this when the account is unknown keeps both paths equally slow.
let dummyHash: Promise<string> | undefined;

/** The single sign-on service built into the portal: captcha + password or SMS code, tickets in the database. */
export class BuiltInSso implements SsoService {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly limiter: LoginLimiter;
  private readonly sms: SmsCodes;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: BuiltInSsoOptions = {},
  ) {
    this.db = ctx.database.db;
    this.now = options.now ?? Date.now;
    this.limiter = new LoginLimiter(this.db);
    this.sms = new SmsCodes(ctx, this.now, options);
  }

  async createCaptcha(input: Partial<CaptchaConfig>, ip: string): Promise<SsoOutcome<IssuedCaptcha>> {
    const now = this.now();
    const { n } = await this.db
      .selectFrom('sso_captchas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('created_at', '>', now - 60_000)
      .executeTakeFirstOrThrow();
    if (Number(n) >= CAPTCHAS_PER_IP_PER_MINUTE) return { ok: false, message: M.captchaTooOften };
    // A client that keeps failing (passwords, or sign-up codes asked for again and again) reads a
    // harder picture: a longer code, more noise, more distortion; on top of the delay and the lock.
    const hardness = captchaHardness(await this.failuresFrom(ip, now));
    const config = hardenCaptchaConfig(normaliseCaptchaConfig(input), hardness);
    const code = this.options.generateCaptchaCode?.(config) ?? randomCaptchaCode(config);
    const captchaId = randomToken(18);
    await this.db.deleteFrom('sso_captchas').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('sso_captchas')
      .values({
        id: captchaId,
        code_hash: captchaHash(captchaId, code),
        image: renderCaptchaSvg(code, config, hardness),
        created_at: now,
        expires_at: now + CAPTCHA_TTL_MS,
        used_at: null,
        ip,
      })
      .execute();
    return {
      ok: true,
      value: { captchaId, captchaType: 'picture', captchaUrl: `/sso/captcha/image/${captchaId}`, captchaConf: config },
    };
  }

  /**
   * Failures of a client within the lock window: failed logins from its address, and SMS codes it
   * asked for beyond the two a person signing up or logging in needs.
   */
  private async failuresFrom(ip: string, now: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('sso_sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('created_at', '>', now - FAILURE_WINDOW_MS)
      .executeTakeFirstOrThrow();
    return (await this.limiter.addressFailures(ip, now)) + Math.max(0, Number(n) - 2);
  }

  async captchaImage(captchaId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('sso_captchas')
      .select('image')
      .where('id', '=', captchaId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    return row ? (row.image as string) : null;
  }

  /** Single use: the first attempt consumes the captcha whether it was right or not. */
  private async checkCaptcha(captchaId: string | undefined, code: string): Promise<string | null> {
    if (!captchaId) return M.captchaExpired;
    const now = this.now();
    const taken = await this.db
      .updateTable('sso_captchas')
      .set({ used_at: now })
      .where('id', '=', captchaId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return M.captchaExpired;
    return this.captchaCodeProblem(captchaId, code);
  }

  /** Whether the typed code is the captcha's (null) or why not. */
  private async captchaCodeProblem(captchaId: string, code: string): Promise<string | null> {
    const testCode = this.ctx.config.captchaTestCode;
    if (testCode && code.toLowerCase() === testCode.toLowerCase()) return null;
    const row = await this.db
      .selectFrom('sso_captchas')
      .select('code_hash')
      .where('id', '=', captchaId)
      .executeTakeFirstOrThrow();
    return sameHash(row.code_hash as string, captchaHash(captchaId, code)) ? null : M.captchaWrong;
  }

  /** The comment of the account's latest 不通过 (its sign-up's review), or null. */
  private async rejectReason(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('operation_log')
      .select('comment')
      .where('entity', '=', 'user')
      .where('record_id', '=', userId)
      .where('action', '=', 'reject')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const reason = typeof row?.comment === 'string' ? row.comment.trim() : '';
    return reason || null;
  }

  private async findUser(
    account: string,
  ): Promise<
    { id: number; username: string; password_hash: string; enabled: number; approval: string | null } | undefined
  > {
    const type = accountType(account);
    const q = this.db.selectFrom('users').select(['id', 'username', 'password_hash', 'enabled', 'approval']);
    // Login names and emails are matched case-insensitively; an exact login name wins.
    const rows =
      type === 'mobile'
        ? await q.where('mobile', '=', account).limit(2).execute()
        : type === 'email'
          ? await q
              .where((eb) => eb(eb.fn('lower', ['email']), '=', account.toLowerCase()))
              .limit(2)
              .execute()
          : await q
              .where((eb) => eb(eb.fn('lower', ['username']), '=', account.toLowerCase()))
              .limit(3)
              .execute();
    const exact = rows.find((r) => r.username === account);
    if (type === 'loginName' && exact) return exact as any;
    // A name, mobile or email shared by two accounts names nobody: refuse rather than guess.
    return rows.length === 1 ? (rows[0] as any) : undefined;
  }

  async login(input: LoginInput): Promise<SsoOutcome<{ tgt: string; identity: SsoIdentity; userId?: number }>> {
    const account = input.account.trim();
    if (!account) return { ok: false, message: M.accountRequired };
    // The name, e-mail or mobile resolves to the account first: one account, one failure counter.
    const user = await this.findUser(account);
    // A browser that signed in to the account before counts (and is locked) on its own.
    const trusted = user && input.trustedDevice ? await input.trustedDevice(Number(user.id)) : false;
    const key = trusted
      ? LoginLimiter.deviceKey(LoginLimiter.key(account, user?.id))
      : LoginLimiter.key(account, user?.id);
    const locked = await this.limiter.lockedFor(key, input.ip, this.now());
    if (locked) return { ok: false, message: M.locked(Math.ceil(locked / 60000)) };
    if (input.smsCode !== undefined && input.smsCode !== '')
      return this.loginBySms(account, key, input.smsCode, input.ip);

    if (!input.password) return { ok: false, message: M.passwordRequired };
    const code = (input.captchaCode ?? '').trim();
    if (!code || /\s/.test(code)) return { ok: false, message: M.captchaRequired };
    const captchaProblem = await this.checkCaptcha(input.captchaId, code);
    if (captchaProblem) return { ok: false, message: captchaProblem };

    // Each failure makes the next guess on the account wait longer, before the lock stops it.
    const delay = failureDelayMs(await this.limiter.recentFailures(key, this.now()));
    if (delay) await (this.options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms))))(delay);
    dummyHash ??= hashPassword(crypto.randomBytes(12).toString('hex'));
    const valid = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash));
    if (!user || !valid) {
      const now = this.now();
      const lockedNow = await this.limiter.fail(key, input.ip, now);
      // The account (not only the address) was locked by failures from elsewhere: its owner is told.
      if (lockedNow && user && !trusted && (await this.limiter.lockedFor(key, 'no address', now)) > 0)
        await tellOwnerOfLock(this.ctx, Number(user.id), now);
      return { ok: false, message: M.badCredentials };
    }
    return this.issue(user, key, input.ip);
  }

  private async loginBySms(
    account: string,
    key: string,
    smsCode: string,
    ip: string,
  ): Promise<SsoOutcome<{ tgt: string; identity: SsoIdentity; userId?: number }>> {
    if (accountType(account) !== 'mobile') return { ok: false, message: M.mobileInvalid };
    const checked = await this.verifySmsCode(account, smsCode, 'login');
    if (!checked.ok) {
      if (checked.message === M.smsWrong) await this.limiter.fail(key, ip, this.now());
      return checked;
    }
    const user = await this.findUser(account);
    if (!user) return { ok: false, message: M.badCredentials };
    return this.issue(user, key, ip);
  }

  async verifyCaptcha(
    captchaId: string | undefined,
    code: string,
    keep: { for?: string; kept?: string } = {},
  ): Promise<SsoOutcome<null>> {
    const typed = code.trim();
    if (!typed || /\s/.test(typed)) return { ok: false, message: M.captchaRequired };
    if (captchaId && keep.kept) {
      // Remembered for this very step: passes once more with the same code, then is gone.
      const now = this.now();
      const again = await this.db
        .updateTable('sso_captchas')
        .set({ kept_for: null })
        .where('id', '=', captchaId)
        .where('kept_for', '=', keep.kept.slice(0, 64))
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(again.numUpdatedRows) === 1) {
        const problem = await this.captchaCodeProblem(captchaId, typed);
        return problem ? { ok: false, message: problem } : { ok: true, value: null };
      }
    }
    const problem = await this.checkCaptcha(captchaId, typed);
    if (problem) return { ok: false, message: problem };
    if (captchaId && keep.for)
      await this.db
        .updateTable('sso_captchas')
        .set({ kept_for: keep.for.slice(0, 64), expires_at: this.now() + KEPT_CAPTCHA_MS })
        .where('id', '=', captchaId)
        .execute();
    return { ok: true, value: null };
  }

  verifySmsCode(mobile: string, smsCode: string, purpose: SmsPurpose): Promise<SsoOutcome<null>> {
    return this.sms.verify(mobile, smsCode, purpose);
  }

  private async issue(
    user: { id: number; username: string; enabled: number; approval?: string | null },
    key: string,
    ip: string,
  ): Promise<SsoOutcome<{ tgt: string; identity: SsoIdentity; userId?: number }>> {
    if (!Number(user.enabled)) {
      // A sign-up still waiting for (or refused by) the city admin is told so, not that it was stopped.
      // Told only after the password or SMS code: a refused applicant learns the reviewer's reason.
      const message =
        user.approval === 'pending'
          ? M.accountPending
          : user.approval === 'rejected'
            ? M.accountRejected(await this.rejectReason(user.id))
            : M.accountDisabled;
      return { ok: false, message };
    }
    await this.limiter.succeed(key);
    const now = this.now();
    const tgt = `TGT-${randomToken(32)}`;
    const ticketId = hashToken(tgt);
    await this.db.deleteFrom('sso_tickets').where('expires_at', '<=', now).execute();
    await this.db
      .insertInto('sso_tickets')
      .values({
        tgt_hash: ticketId,
        user_id: user.id,
        ip,
        created_at: now,
        last_seen_at: now,
        expires_at: now + TICKET_IDLE_MS,
      })
      .execute();
    return { ok: true, value: { tgt, identity: { username: user.username, ticketId }, userId: Number(user.id) } };
  }

  async validate(tgt: string): Promise<SsoIdentity | null> {
    const now = this.now();
    const ticketId = hashToken(tgt);
    const row = await this.db
      .selectFrom('sso_tickets as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['u.username', 'u.enabled', 't.created_at'])
      .where('t.tgt_hash', '=', ticketId)
      .where('t.expires_at', '>', now)
      .executeTakeFirst();
    // A ticket ends when idle too long, and at its absolute lifetime however busy it is.
    const maxAge = this.ctx.config.sessionMaxMs ?? SESSION_MAX_MS;
    if (!row || !Number(row.enabled) || Number(row.created_at) + maxAge <= now) return null;
    await this.db
      .updateTable('sso_tickets')
      .set({ last_seen_at: now, expires_at: Math.min(now + TICKET_IDLE_MS, Number(row.created_at) + maxAge) })
      .where('tgt_hash', '=', ticketId)
      .execute();
    return { username: row.username as string, ticketId };
  }

  async logout(tgt: string): Promise<void> {
    const ticketId = hashToken(tgt);
    await this.db.deleteFrom('sso_tickets').where('tgt_hash', '=', ticketId).execute();
    await endSessionsOfTicket(this.db, ticketId);
  }

  sendSmsCode(mobile: string, ip: string, purpose: SmsPurpose = 'login'): Promise<SsoOutcome<null>> {
    return this.sms.send(mobile, ip, purpose, async (m) => Boolean(await this.findUser(m)));
  }
}
