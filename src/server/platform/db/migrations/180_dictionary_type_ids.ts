import { sql } from 'kysely';
import type { Dialect } from '../database.js';
import type { MigrationDb } from '../migrate.js';

/**
 * A number per dictionary type, so the engine serves the types as records (the entity dictionary):
 * the types keep their natural key `type` (the options and every record name it), and the id is
 * their place in alphabetical order when this ran, as the admin pages numbered them before; a
 * type seeded later takes the next number (reference/dictionaryStore.ts).
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('dictionary_types').addColumn('id', 'integer').execute();
  await sql`update dictionary_types set id = (select count(*) from dictionary_types t where t.type <= dictionary_types.type)`.execute(
    db,
  );
  await db.schema.createIndex('dictionary_types_id').on('dictionary_types').column('id').unique().execute();
}
