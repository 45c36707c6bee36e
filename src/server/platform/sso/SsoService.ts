/**
 * The single sign-on contract. The app (module `system`) only ever calls `validate` through this
 * interface, so an external CAS-style server can replace the built-in one (BuiltInSso) without the
 * app noticing: it answers who holds a ticket, and a stable id of the ticket that app sessions are
 * bound to (so an SSO logout ends them).
 */
export interface SsoIdentity {
  username: string;
  /** Stable, non-secret id of the ticket (the built-in service uses its SHA-256). */
  ticketId: string;
}

export interface CaptchaConfig {
  width: number;
  height: number;
  textLength: number;
  textChars: string;
  fontSize: number;
  fontColor: string;
}

export interface IssuedCaptcha {
  captchaId: string;
  captchaType: 'picture';
  captchaUrl: string;
  captchaConf: CaptchaConfig;
}

export interface LoginInput {
  account: string;
  password?: string;
  captchaId?: string;
  captchaCode?: string;
  smsCode?: string;
  /** Caller's address: failures are counted per account and address. */
  ip: string;
  /** Whether the caller's browser signed in to that account before (its failures and locks are its own). */
  trustedDevice?: (userId: number) => Promise<boolean>;
}

export type SsoOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

export interface SsoService {
  /** A new captcha for the caller at `ip`; fails when that address asks too often. */
  createCaptcha(config: Partial<CaptchaConfig>, ip: string): Promise<SsoOutcome<IssuedCaptcha>>;
  /** The picture of a live captcha (SVG), or null when it is unknown, used or expired. */
  captchaImage(captchaId: string): Promise<string | null>;
  /** Checks the credentials and issues a ticket-granting ticket. */
  login(input: LoginInput): Promise<SsoOutcome<{ tgt: string; identity: SsoIdentity; userId?: number }>>;
  /** Who holds the ticket; null when unknown or expired. Keeps the ticket alive (idle expiry). */
  validate(tgt: string): Promise<SsoIdentity | null>;
  /** Ends the ticket and every app session issued from it. */
  logout(tgt: string): Promise<void>;
  /**
   * Sends a code to the mobile: for `login` only to a registered number, for `signUp` only to a
   * number not yet registered (the answer is the same either way, so it tells nobody who is).
   */
  sendSmsCode(mobile: string, ip: string, purpose?: SmsPurpose): Promise<SsoOutcome<null>>;
  /**
   * Consumes a captcha (single use, right or wrong) for a form other than login, e.g. sign-up.
   * `keep.for`: a right one is remembered for that step (a sign-up's SMS to one mobile);
   * `keep.kept`: a captcha remembered for exactly that step passes once more (the sign-up's 注册).
   */
  verifyCaptcha(
    captchaId: string | undefined,
    code: string,
    keep?: { for?: string; kept?: string },
  ): Promise<SsoOutcome<null>>;
  /** Consumes the live code sent to the mobile for `purpose`; a wrong one counts towards its attempts. */
  verifySmsCode(mobile: string, code: string, purpose: SmsPurpose): Promise<SsoOutcome<null>>;
}

/** What an SMS code was sent for: a code for one purpose never passes for another. */
export type SmsPurpose = 'login' | 'signUp' | 'resetPassword';

/** Delivers an SMS login code. The default writes it to the log; a deployment plugs in its gateway. */
export type SmsSender = (mobile: string, code: string) => Promise<void>;
