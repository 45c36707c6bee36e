import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testApp.js';

describe('app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an unknown API path with an envelope, not a stack trace', async () => {
    const r = await t.post('/api/nope/nothing');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ flag: false });
  });

  it('seeds the demo users once', async () => {
    const rows = await t.ctx.database.db.selectFrom('users').select('username').execute();
    expect(rows.map((r) => r.username).sort()).toContain('leader1');
  });

  it('gives a test session to a demo user', async () => {
    const h = await t.loginAs('city1123');
    expect(h.authorization).toBeTruthy();
  });
});
