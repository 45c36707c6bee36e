/**
 * The sign-up module's calls (SPEC §2 /signUp/signUp; src/server/modules/signup/signUpRoutes.ts
 * serves them). The sign-up form names them in its schema (schemas/pages/system/signUp.form.json:
 * the Captcha widget's source, the SmsCode widget's sendTo, the page's publicSubmit), so the generic
 * widgets and form page call them by those paths; the contract types the server's side.
 */
import { contract } from './contract.js';

/** What a visitor types to register as a project leader. */
export interface SignUpInput {
  username?: string;
  password?: string;
  realName?: string;
  /** Optional, dictionary xb: 1 male, 0 female, 2 other. */
  gender?: string;
  idCardNo?: string;
  mobile?: string;
  /** Optional; kept unverified until the link mailed to it is opened. */
  email?: string;
  smsCode?: string;
  unit?: string;
  captchaId?: string;
  captchaCode?: string;
}

export interface SignedUp {
  id: number;
  username: string;
  /** 1: the account may sign in now; 2: it waits for an administrator's approval. */
  status: '1' | '2';
  /** What the page tells the visitor (the envelope's message too). */
  message: string;
}

/** 忘记密码, step one: the account (name, mobile or e-mail) and the picture captcha. */
export interface ForgotPasswordSend {
  account: string;
  captchaId?: string;
  captchaCode?: string;
}

/** 忘记密码, step two: the code sent to the account's mobile and the new password. */
export interface ForgotPasswordReset {
  account: string;
  smsCode: string;
  newPassword: string;
}

export const signUpCalls = {
  captcha: contract<Record<string, never>, { captchaId: string; captchaUrl: string }>('signUp/captcha'),
  sendSms: contract<{ mobile: string; captchaId?: string; captchaCode?: string }, null>('signUp/sendSms'),
  submit: contract<SignUpInput, SignedUp>('signUp/submit', { write: true }),
  forgotSend: contract<ForgotPasswordSend, null>('signUp/forgotPassword/send'),
  forgotReset: contract<ForgotPasswordReset, null>('signUp/forgotPassword/reset', { write: true }),
} as const;
