import type { Dialect } from '../database.js';
import type { MigrationDb } from '../migrate.js';

/**
 * Which entries of schemas/menus each role's menu has been given: an entry the schemas add later
 * (a new module's page) reaches a database whose menus were seeded before, once, and an entry an
 * administrator deleted stays deleted.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('menu_seed_codes')
    .addColumn('role_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('menu_seed_codes_pk', ['role_code', 'code'])
    .execute();
}
