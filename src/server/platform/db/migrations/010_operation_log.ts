import type { Dialect } from '../database.js';
import { withId, TIME } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/**
 * Who did what to which record, when: every workflow transition, and every create / update /
 * delete through the resources engine. Records themselves live in per-entity tables that the
 * engine creates from the entity schemas at start-up (no migration per entity or field).
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('operation_log'), dialect)
    .addColumn('entity', 'varchar(48)', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(48)', (c) => c.notNull())
    .addColumn('action_label', 'varchar(64)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(32)')
    .addColumn('to_status', 'varchar(32)')
    .addColumn('comment', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(64)')
    .addColumn('role_code', 'varchar(8)')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operation_log_record').on('operation_log').columns(['entity', 'record_id']).execute();
}
