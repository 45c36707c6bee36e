import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { hashToken } from './secrets.js';
import { endSession, findSession } from './sessions.js';
import { entityTables } from '../db/tables.js';

/** Kept sessions (sessionCache): asked of the database once, and never trusted past a write that ends them. */
let t: TestApp;
/** A second handle on the same database: another server process. */
let other: Database;
const pg = !!process.env.DATABASE_URL;

beforeAll(async () => {
  t = await createTestApp();
  other = await openDatabase({
    databaseUrl: t.ctx.config.databaseUrl,
    dataDir: t.ctx.config.dataDir,
    pgSchema: t.ctx.config.pgSchema,
  });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** The lookup, with how many queries it sent. */
async function lookup(token: string, now = Date.now()) {
  const spy = vi.spyOn(t.ctx.database.db, 'executeQuery');
  try {
    const user = await findSession(t.ctx.database, token, now);
    return { user, queries: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

/** Until `check` holds: another process's commit reaches PostgreSQL's listeners in milliseconds. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('kept sessions', () => {
  it('answer a session found from memory, and a touch keeps them', async () => {
    const { authorization } = await t.loginAs('city1123');
    expect((await lookup(authorization)).queries).toBe(1);
    const again = await lookup(authorization);
    expect(again).toMatchObject({ queries: 0, user: { username: 'city1123', roleCode: '3' } });
    // Two minutes on, the lookup writes last_seen_at (one query) and keeps its copy up to date.
    const later = Date.now() + 120_000;
    expect((await lookup(authorization, later)).queries).toBe(1);
    expect((await lookup(authorization, later + 1000)).queries).toBe(0);
    const row = await t.ctx.database.db
      .selectFrom('app_sessions')
      .select('last_seen_at')
      .where('token_hash', '=', hashToken(authorization))
      .executeTakeFirstOrThrow();
    expect(Number(row.last_seen_at)).toBe(later);
  });

  it('end at once at a logout, a role taken away or an account disabled in this process', async () => {
    const db = t.ctx.database.db;
    const a = await t.loginAs('city1123');
    await lookup(a.authorization);
    await endSession(db, hashToken(a.authorization));
    expect((await lookup(a.authorization)).user).toBeNull();

    const b = await t.loginAs('leader1');
    const user = (await lookup(b.authorization)).user!;
    await db
      .deleteFrom('user_roles')
      .where('user_id', '=', user.userId)
      .where('role_code', '=', user.roleCode)
      .execute();
    expect((await lookup(b.authorization)).user).toBeNull();
    await db.insertInto('user_roles').values({ user_id: user.userId, role_code: user.roleCode }).execute();
    expect((await lookup(b.authorization)).user).toMatchObject({ username: 'leader1' });

    await db.updateTable('users').set({ enabled: 0 }).where('id', '=', user.userId).execute();
    expect((await lookup(b.authorization)).user).toBeNull();
    await db.updateTable('users').set({ enabled: 1 }).where('id', '=', user.userId).execute();
    expect((await lookup(b.authorization)).user).toMatchObject({ username: 'leader1' });
  });

  it('end when another process logs the session out', async () => {
    const a = await t.loginAs('expert1');
    expect((await lookup(a.authorization)).user).toMatchObject({ username: 'expert1' });
    await other.db.deleteFrom('app_sessions').where('token_hash', '=', hashToken(a.authorization)).execute();
    expect(await eventually(async () => (await lookup(a.authorization)).user === null)).toBe(true);
  });

  it('outlive another process touching a session on PostgreSQL, which notifies only what ends one (SQLite cannot tell)', async () => {
    const a = await t.loginAs('province');
    await lookup(a.authorization);
    const { versions } = t.ctx.database;
    const sessions = versions.version('app_sessions');
    const notices = versions.version('rec_notice');
    await other.db
      .updateTable('app_sessions')
      .set({ last_seen_at: Date.now() })
      .where('token_hash', '=', hashToken(a.authorization))
      .execute();
    // A write that does notify, committed after the touch: once it is seen, the touch's would have been.
    // On SQLite (where that write changes no row, so commits nothing) a second touch plays its part:
    // data_version has been seen to miss one commit of another connection in this process when it
    // came right after this one's own write (docs/performance.md), and always to see the next.
    await entityTables(other.db).updateTable('rec_notice').set({ version: 1 }).where('id', '=', -1).execute();
    if (!pg)
      await other.db
        .updateTable('app_sessions')
        .set({ last_seen_at: Date.now() + 1 })
        .where('token_hash', '=', hashToken(a.authorization))
        .execute();
    expect(await eventually(async () => versions.version('rec_notice') !== notices)).toBe(true);
    // SQLite's data_version moves at any commit by another connection, whichever table it wrote.
    expect(versions.version('app_sessions') === sessions).toBe(pg);
    expect((await lookup(a.authorization)).queries).toBe(pg ? 0 : 1);
  });
});
