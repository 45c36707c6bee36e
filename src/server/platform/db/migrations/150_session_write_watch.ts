import { sql } from 'kysely';
import type { Dialect } from '../database.js';
import { PG_WRITE_FUNCTION } from '../writeWatch.js';
import type { MigrationDb } from '../migrate.js';

/**
 * PostgreSQL: the tables a session's lookup reads notify the other server processes of their writes
 * (db/writeWatch.ts), as entity tables do, so a session kept in memory (auth/sessionCache.ts) ends in
 * every process at a logout, a role taken away or an account disabled. A session's touch
 * (last_seen_at, expires_at) and a new session notify nothing: no kept answer depends on them
 * (QUIET_WRITES in db/tableVersions.ts says the same for this process's own writes).
 * SQLite needs nothing: its data_version moves at every commit by another process.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('portal_notify_write'))`.execute(db);
  await sql.raw(PG_WRITE_FUNCTION).execute(db);
  await sql`create trigger app_sessions_notify_write
    after delete or truncate or update of token_hash, user_id, role_code, sub_system_id, tgt_hash, csrf_token, created_at
    on app_sessions for each statement execute function portal_notify_write()`.execute(db);
  for (const table of ['users', 'user_roles']) {
    await sql`create trigger ${sql.raw(`${table}_notify_write`)} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function portal_notify_write()`.execute(
      db,
    );
  }
}

export async function down(db: MigrationDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of ['app_sessions', 'users', 'user_roles'])
    await sql`drop trigger if exists ${sql.raw(`${table}_notify_write`)} on ${sql.table(table)}`.execute(db);
}
