import { sql } from 'kysely';
import type { Dialect } from '../database.js';
import { withId, TIME, JSON_TEXT } from '../columns.js';
import { PG_WRITE_FUNCTION } from '../writeWatch.js';
import type { MigrationDb } from '../migrate.js';

/**
 * Published versions of the files under schemas/ (the schema studio): one row per publish or
 * rollback of one file, newest id wins. `content` is the whole document; `diff` what changed
 * against the version before. PostgreSQL notifies every server process of a new row (as entity
 * tables do, db/writeWatch.ts), so each serves the new version at its next request.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('schema_versions'), dialect)
    // The file's key: "entities/topic", "pages/topics/topic.apply", "routes", "settings".
    .addColumn('schema_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', JSON_TEXT, (c) => c.notNull())
    // file: the file's content as it was before the first publish (so a rollback can return to it).
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('diff', JSON_TEXT)
    .addColumn('rolled_back_to', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(64)')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('schema_versions_key').on('schema_versions').columns(['schema_key', 'id']).execute();
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('portal_notify_write'))`.execute(db);
  await sql.raw(PG_WRITE_FUNCTION).execute(db);
  await sql`create trigger schema_versions_notify_write after insert or update or delete or truncate on schema_versions for each statement execute function portal_notify_write()`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('schema_versions').ifExists().execute();
}
