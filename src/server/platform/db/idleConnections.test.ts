import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('connections the database server ends', () => {
  it('an idle pooled connection ended by the server is replaced, and the process goes on', async () => {
    const { db, dialect } = t.ctx.database;
    // Several queries at once leave several idle connections in the pool; each says which it is.
    const pids = await Promise.all(
      [1, 2, 3].map(async () => {
        if (dialect !== 'postgres') return 0;
        return (await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db)).rows[0].pid;
      }),
    );
    if (dialect === 'postgres') {
      // What a restart, a failover or an administrator does to the pool's idle connections.
      const ended = await sql<{ n: number }>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where pid = any(${pids}::int[]) and pid <> pg_backend_pid()`.execute(db);
      expect(ended.rows[0].n).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 200));
    }
    const again = await Promise.all([1, 2, 3].map(() => sql<{ one: number }>`select 1 as one`.execute(db)));
    expect(again.map((r) => Number(r.rows[0].one))).toEqual([1, 1, 1]);
  });
});
