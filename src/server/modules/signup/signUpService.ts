import { accountType } from '../../../shared/account.js';
import { isValidIdCard } from '../../../shared/idCard.js';
import { stripNonXmlChars } from '../../../shared/xmlText.js';
import { toOneLine } from '../../../shared/oneLine.js';
import type { AppContext } from '../../platform/AppContext.js';
import { hashPassword } from '../../platform/auth/secrets.js';
import { passwordRefusal } from '../../platform/accounts/passwordPolicy.js';
import { insertUser } from '../../platform/accounts/accounts.js';
import { AppError } from '../../platform/http/AppError.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { ResourceService } from '../../platform/resources/ResourceService.js';
import { ssoService } from '../../platform/sso/ssoRegistry.js';
import { accountSettings } from '../system/users/accountSettings.js';
import { siteWords } from '../system/users/siteWords.js';
import { SIGN_UP_MESSAGES as M } from './signUpMessages.js';
import { mailEmailLink } from './signUpEmail.js';
import type { SignUpInput, SignedUp } from '../../../shared/contracts/signup.js';
import type { Db } from '../../platform/db/tables.js';

const LABELS: Record<string, string> = {
  username: '账号',
  password: '密码',
  realName: '真实姓名',
  gender: '性别',
  idCardNo: '身份证号',
  mobile: '手机号',
  smsCode: '短信验证码',
  unit: '所在单位',
  captchaCode: '验证码',
  email: '电子邮箱',
  account: '账号',
  newPassword: '新密码',
};
const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

/** A refusal naming the field: the envelope's message is the clear sentence, its data puts it on the field. */
export function refuse(field: string, message: string): AppError {
  return new AppError(message, 400, 400, [{ field, label: LABELS[field] ?? field, message }]);
}

/** The enabled unit of that exact name (the picker's list), or null. */
async function findUnit(ctx: AppContext, name: string): Promise<{ name: string; area: string | null } | null> {
  const answer = await new ResourceService(ctx).publicList('school', {
    page: 1,
    pageSize: 5,
    filters: [{ field: 'name', op: 'eq', value: name }],
  });
  const row = (answer.list as Record<string, unknown>[]).find((r) => r.name === name);
  return row ? { name, area: typeof row.area === 'string' ? row.area : null } : null;
}

async function taken(
  db: Db,
  input: { username?: string; idCardNo?: string; mobile?: string; email?: string | null },
): Promise<AppError | null> {
  if (input.username) {
    const u = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', input.username!.toLowerCase()))
      .executeTakeFirst();
    if (u) return refuse('username', M.usernameTaken);
  }
  if (input.idCardNo) {
    const u = await db
      .selectFrom('users')
      .select('id')
      .where('id_card_no', 'in', [input.idCardNo, input.idCardNo.toLowerCase()])
      .executeTakeFirst();
    if (u) return refuse('idCardNo', M.idCardTaken);
  }
  if (input.mobile) {
    const u = await db.selectFrom('users').select('id').where('mobile', '=', input.mobile).executeTakeFirst();
    if (u) return refuse('mobile', M.mobileTaken);
  }
  if (input.email) {
    const u = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email!.toLowerCase()))
      .executeTakeFirst();
    if (u) return refuse('email', M.emailTaken);
  }
  return null;
}

/**
 * Step one: an SMS code to the mobile, after the picture captcha (single use) and before anything
 * is looked up. The answer and its cost are the same whether or not the number is registered: the
 * sign-on service records and rate-limits every request, and sends the code only to a number
 * nobody registered (a registered one learns nothing here; its sign-up then fails at the code).
 */
export async function sendSignUpSms(
  ctx: AppContext,
  input: { mobile: string; captchaId?: string; captchaCode?: string },
  ip: string,
): Promise<void> {
  const m = input.mobile.trim();
  if (accountType(m) !== 'mobile') throw refuse('mobile', M.mobile);
  const sso = ssoService(ctx);
  // Remembered for this mobile, so 注册 takes the same captcha and the visitor types it once.
  const captcha = await sso.verifyCaptcha(input.captchaId, input.captchaCode ?? '', { for: `signUp:${m}` });
  if (!captcha.ok) throw refuse('captchaCode', captcha.message);
  const sent = await sso.sendSmsCode(m, ip, 'signUp');
  if (!sent.ok) throw refuse('smsCode', sent.message);
}

function checkShape(
  input: SignUpInput,
  site: string[],
): {
  username: string;
  password: string;
  realName: string;
  gender: string | null;
  idCardNo: string;
  mobile: string;
  smsCode: string;
  unit: string;
  email: string | null;
} {
  const v = {
    // The name and unit are stored as typed on one line, less the characters XML cannot hold (as every save).
    username: (input.username ?? '').trim(),
    password: input.password ?? '',
    realName: toOneLine(stripNonXmlChars(input.realName ?? '')).trim(),
    gender:
      input.gender === undefined || input.gender === null || String(input.gender) === '' ? null : String(input.gender),
    idCardNo: (input.idCardNo ?? '').trim().toUpperCase(),
    mobile: (input.mobile ?? '').trim(),
    smsCode: (input.smsCode ?? '').trim(),
    unit: toOneLine(stripNonXmlChars(input.unit ?? '')).trim(),
    email: (input.email ?? '').trim() || null,
  };
  if (!USERNAME.test(v.username)) throw refuse('username', M.username);
  const pw = passwordRefusal(v.password, { username: v.username, mobile: v.mobile, realName: v.realName, site });
  if (pw) throw refuse('password', pw);
  if (!v.realName || v.realName.length > 32) throw refuse('realName', M.realName);
  if (v.gender !== null && !['0', '1', '2'].includes(v.gender)) throw refuse('gender', '性别的取值不在字典范围内');
  if (!isValidIdCard(v.idCardNo)) throw refuse('idCardNo', M.idCardNo);
  if (accountType(v.mobile) !== 'mobile') throw refuse('mobile', M.mobile);
  if (!/^\d{4,8}$/.test(v.smsCode)) throw refuse('smsCode', M.smsCode);
  if (!v.unit) throw refuse('unit', M.unit);
  if (v.email !== null && (v.email.length > 128 || accountType(v.email) !== 'email')) throw refuse('email', M.email);
  return v;
}

/**
 * Step two: the account. Checked in this order so that nothing is learnt without a captcha: the
 * fields' shapes, the captcha (single use), duplicate names and ID numbers, the unit, then the SMS
 * code (consumed only when everything else holds), then the mobile's duplicate. The account is a project leader (role 4) in the unit's area,
 * active at once or waiting for the city admin when the settings ask for approval.
 */
export async function signUp(ctx: AppContext, input: SignUpInput, ip = ''): Promise<SignedUp> {
  const v = checkShape(input, await siteWords(ctx));
  const sso = ssoService(ctx);
  const captcha = await sso.verifyCaptcha(input.captchaId, input.captchaCode ?? '', { kept: `signUp:${v.mobile}` });
  if (!captcha.ok) throw refuse('captchaCode', captcha.message);
  const db = ctx.database.db;
  // The mobile is checked only after its SMS code (below, in the transaction): a registered number
  // never received a code, so a visitor cannot tell it from an unregistered one here.
  const dup = await taken(db, { username: v.username, idCardNo: v.idCardNo, email: v.email });
  if (dup) throw dup;
  const unit = await findUnit(ctx, v.unit);
  if (!unit) throw refuse('unit', M.unit);
  const sms = await sso.verifySmsCode(v.mobile, v.smsCode, 'signUp');
  if (!sms.ok) throw refuse('smsCode', sms.message);

  const approval = (await accountSettings(ctx)).signUpApproval;
  const now = Date.now();
  const passwordHash = await hashPassword(v.password);
  const id = await db.transaction().execute(async (trx) => {
    // Checked again inside the transaction: two sign-ups racing for one name or number.
    const raced = await taken(trx, v);
    if (raced) throw raced;
    // A visitor gets exactly the project-leader role, nothing a form field could widen.
    const userId = (await insertUser(
      trx,
      {
        username: v.username,
        passwordHash,
        realName: v.realName,
        gender: v.gender,
        idCardNo: v.idCardNo,
        mobile: v.mobile,
        email: v.email,
        areaCode: unit.area,
        orgName: unit.name,
        enabled: !approval,
        approval: approval ? 'pending' : null,
        createdAt: now,
      },
      ['4'],
    ))!;
    await new KyselyRecordStore(trx, ctx.database.dialect).log({
      entity: 'user',
      recordId: userId,
      action: 'signUp',
      actionLabel: '注册',
      fromStatus: null,
      toStatus: approval ? '2' : '1',
      comment: `单位：${unit.name}`,
      userId,
      userName: v.realName,
      roleCode: '4',
      createdAt: now,
    });
    return userId;
  });
  // The e-mail is kept unverified until the link mailed to it is opened.
  if (v.email) void mailEmailLink(ctx, { id, username: v.username, email: v.email }, ip);
  return { id, username: v.username, status: approval ? '2' : '1', message: approval ? M.pending : M.done };
}
