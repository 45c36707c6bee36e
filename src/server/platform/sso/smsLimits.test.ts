import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { ssoService } from './ssoRegistry.js';
import { SMS_MAX_ATTEMPTS, SMS_MAX_FAILURES_PER_MOBILE } from './BuiltInSso.js';
import { SSO_MESSAGES as M } from './ssoMessages.js';

const CODE = '135790';

/** SMS codes: a few wrong guesses end a code, and a mobile's wrong guesses count together across its codes. */
describe('SMS code tries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ smsTestCode: CODE });
  });
  afterAll(async () => {
    await t.close();
  });

  const sso = () => ssoService(t.ctx);
  /** A new code for the mobile, the earlier ones moved a few minutes back so the send interval allows it. */
  async function newCode(mobile: string, purpose: 'login' | 'signUp') {
    const db = t.ctx.database.db;
    const rows = await db
      .selectFrom('sso_sms_codes')
      .select(['id', 'created_at'])
      .where('mobile', '=', mobile)
      .execute();
    for (const r of rows)
      await db
        .updateTable('sso_sms_codes')
        .set({ created_at: Number(r.created_at) - 2 * 60_000 })
        .where('id', '=', r.id)
        .execute();
    expect(await sso().sendSmsCode(mobile, '10.9.0.1', purpose)).toEqual({ ok: true, value: null });
  }

  for (const purpose of ['login', 'signUp'] as const) {
    it(`ends a ${purpose} code after ${SMS_MAX_ATTEMPTS} wrong guesses, even for the right one`, async () => {
      const mobile = purpose === 'login' ? '13700000001' : '13700000002';
      await newCode(mobile, purpose);
      for (let i = 0; i < SMS_MAX_ATTEMPTS; i++)
        expect(await sso().verifySmsCode(mobile, '000000', purpose)).toEqual({ ok: false, message: M.smsWrong });
      expect(await sso().verifySmsCode(mobile, CODE, purpose)).toEqual({ ok: false, message: M.smsExpired });
    });

    it(`stops a mobile after ${SMS_MAX_FAILURES_PER_MOBILE} wrong guesses in an hour across new ${purpose} codes`, async () => {
      const mobile = purpose === 'login' ? '13700000003' : '13700000004';
      let wrong = 0;
      while (wrong < SMS_MAX_FAILURES_PER_MOBILE) {
        await newCode(mobile, purpose);
        for (let i = 0; i < SMS_MAX_ATTEMPTS && wrong < SMS_MAX_FAILURES_PER_MOBILE; i++, wrong++) {
          expect(await sso().verifySmsCode(mobile, '000000', purpose)).toEqual({ ok: false, message: M.smsWrong });
        }
      }
      await newCode(mobile, purpose);
      expect(await sso().verifySmsCode(mobile, CODE, purpose)).toEqual({ ok: false, message: M.smsExpired });
      // An hour later the mobile may try again.
      await t.ctx.database.db
        .updateTable('sso_sms_codes')
        .set({ created_at: Date.now() - 2 * 3600_000 })
        .where('mobile', '=', mobile)
        .execute();
      await newCode(mobile, purpose);
      expect(await sso().verifySmsCode(mobile, CODE, purpose)).toEqual({ ok: true, value: null });
    });
  }

  it('counts parallel wrong guesses one by one', async () => {
    const mobile = '13700000005';
    await newCode(mobile, 'login');
    await Promise.all(Array.from({ length: 8 }, () => sso().verifySmsCode(mobile, '000000', 'login')));
    expect(await sso().verifySmsCode(mobile, CODE, 'login')).toEqual({ ok: false, message: M.smsExpired });
  });
});
