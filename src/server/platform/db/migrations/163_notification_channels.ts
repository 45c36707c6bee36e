import type { Dialect } from '../database.js';
import { TIME } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/**
 * What each person turned off or on per kind of notice and channel (e-mail, SMS): only choices
 * differing from nobody's are kept, so a new kind starts at its default. And which reminders went
 * out: one row per kind, deadline and recipient, so a reminder is sent once however often the job runs.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('notification_preference')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(48)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preference_pk', ['user_id', 'kind', 'channel'])
    .execute();
  await db.schema
    .createTable('reminder_sent')
    .addColumn('kind', 'varchar(48)', (c) => c.notNull())
    .addColumn('deadline_key', 'varchar(120)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('sent_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('reminder_sent_pk', ['kind', 'deadline_key', 'user_id'])
    .execute();
}
