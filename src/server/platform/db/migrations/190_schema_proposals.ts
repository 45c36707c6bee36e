import type { Dialect } from '../database.js';
import { withId, TIME, JSON_TEXT } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/**
 * Schema changes that touch who may read, write or act (access rules, roles of workflows,
 * routes, menus and pages): proposed by one person, published only when a super admin other than
 * the proposer approves. `access_diff` is the diff in numbers shown before the decision.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('schema_proposals'), dialect)
    .addColumn('schema_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', JSON_TEXT, (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('diff', JSON_TEXT)
    .addColumn('access_diff', JSON_TEXT)
    .addColumn('rolled_back_to', 'integer')
    // pending, approved, rejected
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('proposed_by', 'integer', (c) => c.notNull())
    .addColumn('proposed_by_name', 'varchar(64)')
    .addColumn('proposed_at', TIME, (c) => c.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_by_name', 'varchar(64)')
    .addColumn('decided_at', TIME)
    .addColumn('decision_comment', 'varchar(500)')
    .addColumn('version_id', 'integer')
    .execute();
  await db.schema.createIndex('schema_proposals_status').on('schema_proposals').columns(['status', 'id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('schema_proposals').ifExists().execute();
}
