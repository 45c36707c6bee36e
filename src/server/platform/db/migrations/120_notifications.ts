import type { Dialect } from '../database.js';
import { withId, TIME } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/**
 * In-app notices (module notifications): one row per recipient, so "read" is per user and the
 * unread count is one indexed query. Not an entity: nobody edits notices through the schema pages.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('notification'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(48)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('link', 'varchar(500)')
    .addColumn('read_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notification_user_read').on('notification').columns(['user_id', 'read_at']).execute();
}
