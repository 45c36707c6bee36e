import { ZxcvbnFactory, type Match } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { passwordProblem } from './password.js';

/**
 * How easily a password is guessed, by zxcvbn-ts (its common passwords, words, names and keyboard
 * graphs, plus the portal's own words and the person's): score 0-4, where 3 means about 10^8
 * guesses, beyond an online attack and costly offline against the stored hash. The server refuses
 * below PASSWORD_MIN_SCORE; the forms run the same judgement as the user types.
 */
export const PASSWORD_MIN_SCORE = 3;

/**
 * The portal's name and the short forms people make of it (pinyin, initials). The configured
 * system name and organiser are added by the server and the client at each call.
 */
export const SITE_WORDS = [
  '教育科研课题管理平台',
  '课题管理平台',
  '教育科研',
  '课题管理',
  'jiaoyukeyan',
  'ketiguanli',
  'ketiguanlipingtai',
  'jiaoyukeyanketiguanlipingtai',
  'jykyktglpt',
  'jykykt',
  'ktglpt',
  'ktgl',
  'keti',
  'keyan',
  'jiaoyu',
  'jky',
];

export const PASSWORD_STRENGTH_MESSAGES = {
  personal: '密码不能包含账号、姓名、手机号、邮箱或平台名称，这些别人容易知道',
  common: '该密码过于常见，容易被猜中，请换一个不常见的密码',
  keyboard: '键盘上相邻按键的排列（如 qwer、1qaz）容易被猜中',
  repeat: '重复或连续的字符（如 aaa、abc、123）容易被猜中',
  date: '年份和日期容易被猜中，请不要以它们凑长度',
  word: '单个常见单词或姓名加数字、符号容易被猜中',
  weak: '密码强度不足，容易被猜中：请加长密码，或用几个不相关的词组成较长的口令',
} as const;

export const STRENGTH_LABELS = ['极弱', '很弱', '弱', '中', '强'] as const;

/** What a password may not be made of, besides the common lists: who the person is, the portal's name. */
export interface PasswordWords {
  username?: string | null;
  realName?: string | null;
  mobile?: string | null;
  email?: string | null;
  /** The configured system name, organiser and the like. */
  site?: (string | null | undefined)[];
}

export interface PasswordJudgement {
  ok: boolean;
  /** 0-4; 0 when the shape is wrong. */
  score: number;
  /** Why it is refused (null when accepted). */
  message: string | null;
}

let factory: ZxcvbnFactory | null = null;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...dictionary, site: SITE_WORDS },
    graphs: adjacencyGraphs,
    useLevenshteinDistance: false,
  });
  return factory;
}

function personalInputs(words: PasswordWords): string[] {
  const email = words.email?.trim().toLowerCase() ?? '';
  const out = [words.username, words.realName, words.mobile, email, email.split('@')[0], ...(words.site ?? [])];
  return out.map((w) => (w ?? '').trim().toLowerCase()).filter((w) => w.length >= 2);
}

/** Contains one of the person's own words outright (a name of 3+, a mobile's 6+ digits). */
function containsPersonal(pw: string, words: PasswordWords): boolean {
  const lower = pw.toLowerCase();
  const name = words.username?.trim().toLowerCase();
  const mobile = words.mobile?.trim();
  const local = words.email?.trim().toLowerCase().split('@')[0];
  const real = words.realName?.trim();
  return Boolean(
    (name && name.length >= 3 && lower.includes(name)) ||
    (mobile && mobile.length >= 6 && lower.includes(mobile)) ||
    (local && local.length >= 3 && lower.includes(local)) ||
    (real && real.length >= 2 && pw.includes(real)),
  );
}

const WARNINGS: Record<string, string> = {
  userInputs: PASSWORD_STRENGTH_MESSAGES.personal,
  topTen: PASSWORD_STRENGTH_MESSAGES.common,
  topHundred: PASSWORD_STRENGTH_MESSAGES.common,
  common: PASSWORD_STRENGTH_MESSAGES.common,
  similarToCommon: PASSWORD_STRENGTH_MESSAGES.common,
  pwned: PASSWORD_STRENGTH_MESSAGES.common,
  straightRow: PASSWORD_STRENGTH_MESSAGES.keyboard,
  keyPattern: PASSWORD_STRENGTH_MESSAGES.keyboard,
  simpleRepeat: PASSWORD_STRENGTH_MESSAGES.repeat,
  extendedRepeat: PASSWORD_STRENGTH_MESSAGES.repeat,
  sequences: PASSWORD_STRENGTH_MESSAGES.repeat,
  recentYears: PASSWORD_STRENGTH_MESSAGES.date,
  dates: PASSWORD_STRENGTH_MESSAGES.date,
  wordByItself: PASSWORD_STRENGTH_MESSAGES.word,
  namesByThemselves: PASSWORD_STRENGTH_MESSAGES.word,
  commonNames: PASSWORD_STRENGTH_MESSAGES.word,
};

/** Why a weak password is weak: its own words first, then what zxcvbn warns of. */
function reason(sequence: Match[], warning: string | null): string {
  const names = sequence.filter((m) => m.pattern === 'dictionary').map((m) => String(m.dictionaryName));
  if (names.includes('userInputs') || names.includes('site')) return PASSWORD_STRENGTH_MESSAGES.personal;
  if (warning && WARNINGS[warning]) return WARNINGS[warning];
  if (names.some((n) => n.startsWith('passwords'))) return PASSWORD_STRENGTH_MESSAGES.common;
  return PASSWORD_STRENGTH_MESSAGES.weak;
}

/** The one judgement of a password, on the server and in the forms. */
export function judgePassword(pw: unknown, words: PasswordWords = {}): PasswordJudgement {
  const shape = passwordProblem(pw);
  if (shape) return { ok: false, score: 0, message: shape };
  const text = String(pw);
  const result = estimator().check(text, personalInputs(words));
  if (containsPersonal(text, words))
    return { ok: false, score: Math.min(result.score, 2), message: PASSWORD_STRENGTH_MESSAGES.personal };
  if (result.score >= PASSWORD_MIN_SCORE) return { ok: true, score: result.score, message: null };
  return { ok: false, score: result.score, message: reason(result.sequence, result.feedback.warning) };
}
