import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { appLogin } from '../testing/ssoTestHelpers.js';
import { SESSION_MAX_MS } from './sessions.js';
import { loadConfig } from '../config/config.js';

/** A login ends at its absolute lifetime (12 h unless SESSION_MAX_HOURS says otherwise) however busy it is. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('absolute session lifetime', () => {
  it('reads SESSION_MAX_HOURS, 12 hours by default', () => {
    expect(loadConfig({}).sessionMaxMs).toBe(12 * 3600_000);
    expect(loadConfig({ SESSION_MAX_HOURS: '2' }).sessionMaxMs).toBe(2 * 3600_000);
    expect(loadConfig({ SESSION_MAX_HOURS: '' }).sessionMaxMs).toBe(SESSION_MAX_MS);
    expect(() => loadConfig({ SESSION_MAX_HOURS: 'x' })).toThrow(
      'SESSION_MAX_HOURS must be a number above 0 to 720, not x',
    );
  });

  it('an app token and its ticket in steady use end once they are older than the lifetime', async () => {
    const a = await appLogin(t, 'expert1');
    const db = t.ctx.database.db;
    const ask = () => t.post('/api/home/queryMenuList', { subAct: 'a' }, a.headers);
    expect((await ask()).status).toBe(200);
    expect((await t.post('/sso/validate', { tgt: a.tgt })).body.result).toBe('success');
    // Used a moment ago, but issued 12 hours ago.
    const old = Date.now() - SESSION_MAX_MS - 1000;
    await db.updateTable('app_sessions').set({ created_at: old, last_seen_at: Date.now() }).execute();
    await db.updateTable('sso_tickets').set({ created_at: old, last_seen_at: Date.now() }).execute();
    const after = await ask();
    expect(after.status).toBe(401);
    expect((await t.post('/sso/validate', { tgt: a.tgt })).body.result).toBe('fail');
    expect((await t.post('/api/sys/login', { tgt: a.tgt })).body).toMatchObject({ code: 501 });
  });

  it("a role switch without the ticket signs in from the caller's session and keeps its absolute lifetime", async () => {
    const a = await appLogin(t, 'multi', 'FZR');
    const db = t.ctx.database.db;
    const issued = Date.now() - 3600_000;
    await db.updateTable('app_sessions').set({ created_at: issued }).where('user_id', '=', a.user.userId).execute();
    const b = await t.post('/api/sys/login', { engName: 'ZJ', subAct: 'a' }, a.headers);
    expect(b.body.data).toMatchObject({ roleCode: '5', username: 'multi' });
    expect(b.body.data.tgt).toBeUndefined();
    const rows = await db
      .selectFrom('app_sessions')
      .select(['created_at', 'tgt_hash'])
      .where('user_id', '=', a.user.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].created_at)).toBe(issued);
    expect(rows[0].tgt_hash).toBeTruthy();
    // No ticket and no session: not logged in.
    expect((await t.post('/api/sys/login', { engName: 'ZJ', subAct: 'a' })).body).toMatchObject({ code: 501 });
    expect((await t.post('/api/sys/login', { engName: 'ZJ', subAct: 'a' }, a.headers)).body).toMatchObject({
      code: 501,
    });
  });
});
