import { describe, expect, it } from 'vitest';
import { PASSWORD_SHAPE_MESSAGES } from '../../../shared/password.js';
import { PASSWORD_POLICY_MESSAGES, passwordRefusal } from './passwordPolicy.js';

const leader = { username: 'leader1', mobile: '13812345678', realName: '张三', email: 'zhangsan@example.cn' };

describe('password policy', () => {
  it('refuses the passwords people pick first, not only the exact entries of a list', () => {
    for (const pw of ['Qwer1234!', 'Admin@123', 'Passw0rd!', 'Aa123456', 'Password1', 'P@ssw0rd', '1qaz@WSX'])
      expect(passwordRefusal(pw, leader), pw).toBe(PASSWORD_POLICY_MESSAGES.common);
  });

  it('refuses the portal’s own name with a year, in characters, pinyin or initials', () => {
    for (const pw of ['教育科研课题管理平台2026', 'Ketiguanli@2026', 'jykyktglpt2026', 'Jiaoyukeyan2026!'])
      expect(passwordRefusal(pw), pw).toBe(PASSWORD_POLICY_MESSAGES.personal);
    expect(passwordRefusal('Shengjiaoyuting@2026', { site: ['shengjiaoyuting'] })).toBe(
      PASSWORD_POLICY_MESSAGES.personal,
    );
  });

  it('refuses a word with a year and symbol, such as the demo accounts’ password', () => {
    expect(passwordRefusal('Demo@2026', leader)).not.toBeNull();
  });

  it('refuses a password containing the account, name, mobile or e-mail', () => {
    expect(passwordRefusal('Leader1@xyz', leader)).toBe(PASSWORD_POLICY_MESSAGES.personal);
    expect(passwordRefusal('Zz#13812345678', leader)).toBe(PASSWORD_POLICY_MESSAGES.personal);
    expect(passwordRefusal('我是张三的长口令啊', leader)).toBe(PASSWORD_POLICY_MESSAGES.personal);
    expect(passwordRefusal('zhangsan!Lake#Tiger', leader)).toBe(PASSWORD_POLICY_MESSAGES.personal);
  });

  it('accepts a long passphrase of ordinary words, with no symbol or capital', () => {
    expect(passwordRefusal('correct horse battery staple', leader)).toBeNull();
    expect(passwordRefusal('我的书桌上有三只蓝色的猫', leader)).toBeNull();
    expect(passwordRefusal('Tr0ub4dor&3', leader)).toBeNull();
  });

  it('judges the shape first: length and control characters', () => {
    expect(passwordRefusal('', leader)).toBe(PASSWORD_SHAPE_MESSAGES.empty);
    expect(passwordRefusal('Xq9#', leader)).toBe(PASSWORD_SHAPE_MESSAGES.length);
    expect(passwordRefusal('x'.repeat(40) + 'Yq9#'.repeat(7), leader)).toBe(PASSWORD_SHAPE_MESSAGES.length);
    expect(passwordRefusal('Tr0ub4dor&3\nnext', leader)).toBe(PASSWORD_SHAPE_MESSAGES.control);
  });
});
