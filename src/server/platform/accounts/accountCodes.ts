import crypto from 'node:crypto';
import type { AppContext } from '../AppContext.js';
import { hashToken } from '../auth/secrets.js';
import {
  SMS_MAX_ATTEMPTS,
  SMS_MAX_FAILURES_PER_MOBILE,
  SMS_MIN_INTERVAL_MS,
  SMS_PER_IP_PER_HOUR,
  SMS_PER_MOBILE_PER_HOUR,
  sameHash,
} from '../sso/smsCodes.js';

/** What a code in account_codes confirms; codes never cross from one purpose to another. */
export type AccountCodePurpose = 'changeMobile' | 'changeEmail' | 'verifyEmail';

export const ACCOUNT_CODE_MESSAGES = {
  tooSoon: '验证码发送过于频繁，请稍后再试',
  wrong: '验证码错误',
  expired: '验证码已失效，请重新获取',
} as const;

const HOUR = 60 * 60 * 1000;
/** A code typed from a text message or an e-mail lives 10 minutes; a link clicked in an e-mail, a day. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const LINK_TTL_MS = 24 * HOUR;

const codeHash = (purpose: AccountCodePurpose, target: string, code: string) =>
  hashToken(`${purpose}:${target.toLowerCase()}:${code}`);
/** A link's token is long and random: its hash alone finds its row. */
const linkHash = (purpose: AccountCodePurpose, token: string) => hashToken(`${purpose}:link:${token}`);

/**
 * One-time codes and links that confirm an address before it is kept (a new mobile or e-mail, a
 * sign-up's e-mail): hashed in account_codes with the address they went to, limited as the
 * sign-on's SMS codes are (one a minute and five an hour per address, twenty an hour per caller's
 * network address; five wrong guesses per code, ten per address an hour), used once.
 */
export class AccountCodes {
  constructor(
    private readonly ctx: AppContext,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new code for `target`, or null when the limits say not yet. `link`: a long token for a link instead of six digits. */
  async issue(input: {
    userId: number | null;
    purpose: AccountCodePurpose;
    target: string;
    ip: string;
    link?: boolean;
  }): Promise<string | null> {
    const db = this.ctx.database.db;
    const now = this.now();
    const target = input.target.trim();
    const recent = await db
      .selectFrom('account_codes')
      .select(['target', 'ip', 'created_at'])
      .where((eb) => eb.or([eb(eb.fn('lower', ['target']), '=', target.toLowerCase()), eb('ip', '=', input.ip)]))
      .where('created_at', '>', now - HOUR)
      .execute();
    const forTarget = recent.filter((r) => String(r.target).toLowerCase() === target.toLowerCase());
    if (
      forTarget.some((r) => Number(r.created_at) > now - SMS_MIN_INTERVAL_MS) ||
      forTarget.length >= SMS_PER_MOBILE_PER_HOUR ||
      recent.filter((r) => r.ip === input.ip).length >= SMS_PER_IP_PER_HOUR
    )
      return null;
    await db
      .deleteFrom('account_codes')
      .where('expires_at', '<', now - 24 * HOUR)
      .execute();
    const code = input.link
      ? crypto.randomBytes(24).toString('base64url')
      : (this.ctx.config.smsTestCode ?? String(crypto.randomInt(0, 1_000_000)).padStart(6, '0'));
    await db
      .insertInto('account_codes')
      .values({
        user_id: input.userId,
        purpose: input.purpose,
        target,
        code_hash: input.link ? linkHash(input.purpose, code) : codeHash(input.purpose, target, code),
        ip: input.ip.slice(0, 64),
        attempts: 0,
        created_at: now,
        expires_at: now + (input.link ? LINK_TTL_MS : CODE_TTL_MS),
        used_at: null,
      })
      .execute();
    return code;
  }

  /** Checks the newest live code of the person for `target` and uses it up; wrong guesses are counted. */
  async use(input: {
    userId: number;
    purpose: AccountCodePurpose;
    target: string;
    code: string;
  }): Promise<{ ok: true } | { ok: false; message: string }> {
    const db = this.ctx.database.db;
    const now = this.now();
    const target = input.target.trim();
    const row = await db
      .selectFrom('account_codes')
      .select(['id', 'code_hash', 'attempts'])
      .where('user_id', '=', input.userId)
      .where('purpose', '=', input.purpose)
      .where((eb) => eb(eb.fn('lower', ['target']), '=', target.toLowerCase()))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row || Number(row.attempts) >= SMS_MAX_ATTEMPTS) return { ok: false, message: ACCOUNT_CODE_MESSAGES.expired };
    const failures = await db
      .selectFrom('account_codes')
      .select('attempts')
      .where('user_id', '=', input.userId)
      .where('purpose', '=', input.purpose)
      .where('created_at', '>', now - HOUR)
      .execute();
    if (failures.reduce((n, r) => n + Number(r.attempts), 0) >= SMS_MAX_FAILURES_PER_MOBILE)
      return { ok: false, message: ACCOUNT_CODE_MESSAGES.expired };
    if (!sameHash(String(row.code_hash), codeHash(input.purpose, target, input.code.trim()))) {
      await db
        .updateTable('account_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      return { ok: false, message: ACCOUNT_CODE_MESSAGES.wrong };
    }
    return this.take(Number(row.id));
  }

  /** A link's token: the one live row it names (whoever clicks it), used up; null when none. */
  async useLink(purpose: AccountCodePurpose, token: string): Promise<{ userId: number; target: string } | null> {
    const db = this.ctx.database.db;
    const row = await db
      .selectFrom('account_codes')
      .select(['id', 'user_id', 'target'])
      .where('code_hash', '=', linkHash(purpose, token))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    if (!row || row.user_id === null) return null;
    const taken = await this.take(Number(row.id));
    return taken.ok ? { userId: Number(row.user_id), target: String(row.target) } : null;
  }

  private async take(id: number): Promise<{ ok: true } | { ok: false; message: string }> {
    const taken = await this.ctx.database.db
      .updateTable('account_codes')
      .set({ used_at: this.now() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? { ok: true } : { ok: false, message: ACCOUNT_CODE_MESSAGES.expired };
  }
}
