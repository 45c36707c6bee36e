/**
 * The captcha behind the login dialog. The SSO says which type it issues: "picture" (an image
 * and a typed code) or "slider" (a verification box from a script; on success the login runs).
 * Both end in the same proof for /sso/login, so the dialog does not care which it was.
 */
import { http } from '../../api/http.js';

export type CaptchaType = 'picture' | 'slider';

export interface CaptchaChallenge {
  captchaId: string;
  captchaType: CaptchaType | string;
  captchaUrl?: string;
  captchaConf?: Record<string, unknown>;
}

/** What /sso/login takes as proof. */
export interface CaptchaProof {
  captchaId: string;
  captchaCode: string;
}

/** Picture of SPEC §9: 90 x 32. */
export const PICTURE_CONFIG = {
  width: 90,
  height: 32,
  textLength: 4,
  textChars: 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789',
  fontSize: 24,
  fontColor: '#1f3a68',
} as const;

/** Captcha input max length (SPEC §5). */
export const CAPTCHA_MAX_LENGTH = 20;

export const APP_ID = 'topic-portal';
export const CLIENT = 'web';

interface CaptchaAnswer {
  code?: number;
  message?: string;
  data?: CaptchaChallenge;
}

/** Asks the SSO for a new captcha; a failed fetch rejects (the dialog then offers to retry). */
export async function fetchCaptcha(): Promise<CaptchaChallenge> {
  const answer = await http.get<CaptchaAnswer>(
    'captcha',
    {
      appId: APP_ID,
      client: CLIENT,
      captchaCustomConfig: JSON.stringify(PICTURE_CONFIG),
    },
    { root: 'sso', raw: true, silent: true, loading: false, gate: false },
  );
  if (answer?.code !== 0 || !answer.data?.captchaId) throw new Error(answer?.message || '验证码获取失败');
  return answer.data;
}

/** Whether a typed code is acceptable to send: present, no whitespace, at most 20 characters. */
export function isValidCaptchaCode(code: string | null | undefined): boolean {
  return !!code && /^\S+$/.test(code) && code.length <= CAPTCHA_MAX_LENGTH;
}
