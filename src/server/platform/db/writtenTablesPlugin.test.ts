import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteAdapter, DummyDriver, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { writtenTables } from './writtenTablesPlugin.js';
import type { EntityDb } from './tables.js';

/** Builds queries without a database, to read their operation trees. */
const q = new Kysely<any>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('writtenTables', () => {
  it('names the table an insert, update or delete writes, aliased or not', () => {
    expect(writtenTables(q.insertInto('users').values({ username: 'a' }).toOperationNode())).toEqual(['users']);
    expect(writtenTables(q.updateTable('user_roles as r').set({ role_code: '2' }).toOperationNode())).toEqual([
      'user_roles',
    ]);
    expect(writtenTables(q.deleteFrom('rec_topic').where('id', '=', 1).toOperationNode())).toEqual(['rec_topic']);
    expect(writtenTables(q.selectFrom('users').selectAll().toOperationNode())).toEqual([]);
    expect(writtenTables(sql`delete from users`.toOperationNode())).toEqual([]);
  });

  it("leaves out the quiet writes: a new session, and a touch of a session's times", () => {
    expect(writtenTables(q.insertInto('app_sessions').values({ token_hash: 'h' }).toOperationNode())).toEqual([]);
    expect(
      writtenTables(q.updateTable('app_sessions').set({ last_seen_at: 1, expires_at: 2 }).toOperationNode()),
    ).toEqual([]);
    expect(
      writtenTables(q.updateTable('app_sessions').set({ last_seen_at: 1, role_code: '2' }).toOperationNode()),
    ).toEqual(['app_sessions']);
    expect(writtenTables(q.deleteFrom('app_sessions').toOperationNode())).toEqual(['app_sessions']);
  });
});

describe('table versions of an open database', () => {
  it('move once a write through Kysely has run, in or out of a transaction, and not for reads or quiet writes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versions-'));
    const database = await openDatabase({ databaseUrl: '', dataDir: dir });
    try {
      // A table of its own, and app_sessions with two of its columns: shapes tables.ts does not know.
      const { versions } = database;
      const db: EntityDb = database.db;
      await db.schema
        .createTable('probe')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('v', 'integer')
        .execute();
      await db.schema
        .createTable('app_sessions')
        .addColumn('token_hash', 'text')
        .addColumn('last_seen_at', 'integer')
        .execute();
      const before = versions.version('probe');
      await db.selectFrom('probe').selectAll().execute();
      expect(versions.version('probe')).toBe(before);
      await db.insertInto('probe').values({ id: 1, v: 1 }).execute();
      const afterInsert = versions.version('probe');
      expect(afterInsert).not.toBe(before);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('probe').set({ v: 2 }).execute();
      });
      expect(versions.version('probe')).not.toBe(afterInsert);
      const sessions = versions.version('app_sessions');
      await db.insertInto('app_sessions').values({ token_hash: 'h', last_seen_at: 1 }).execute();
      await db.updateTable('app_sessions').set({ last_seen_at: 2 }).execute();
      expect(versions.version('app_sessions')).toBe(sessions);
      await db.deleteFrom('app_sessions').execute();
      expect(versions.version('app_sessions')).not.toBe(sessions);
      expect(versions.versionOf(['probe', 'app_sessions'])).toBe(versions.versionOf(['probe', 'app_sessions']));
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
