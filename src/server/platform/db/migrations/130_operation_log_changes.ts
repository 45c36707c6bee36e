import type { Dialect } from '../database.js';
import { JSON_TEXT } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/**
 * The field-level diff of a log row (JSON list of { field, label, from, to }, values as shown to
 * users: dictionary labels, masked numbers), so the operation log says what a save changed.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('operation_log').addColumn('changes', JSON_TEXT).execute();
}
