import type { MigrationDb } from '../migrate.js';

/**
 * The document a schema proposal was made against (a hash of its content): an approval after the
 * document changed would overwrite the newer work, and is refused.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('schema_proposals').addColumn('base_hash', 'varchar(64)').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('schema_proposals').dropColumn('base_hash').execute();
}
