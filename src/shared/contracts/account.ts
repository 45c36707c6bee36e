/**
 * 个人中心's own calls beside its schema-driven pages (src/server/modules/system/account serves
 * them). The 更换手机号/邮箱 form names contactCode in its schema (the SmsCode widget's sendTo).
 */
import { contract } from './contract.js';

/** A code to a new mobile (by SMS) or a new e-mail address (by e-mail); one of the two. */
export interface ContactCodeRequest {
  mobile?: string;
  email?: string;
}

export const accountCalls = {
  contactCode: contract<ContactCodeRequest, null>('account/contactCode'),
} as const;
