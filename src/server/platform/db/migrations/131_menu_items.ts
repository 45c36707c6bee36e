import type { Dialect } from '../database.js';
import { withId } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/**
 * The menu of each role as administrators edit it on funcModulePre (module system). Filled from
 * schemas/menus at start while empty for a role; home/queryMenuList answers these rows.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('menu_items'), dialect)
    .addColumn('role_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('parent_code', 'varchar(64)')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    .addColumn('icon', 'varchar(64)')
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invisible', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('badge', 'varchar(32)')
    // 1: a section (it has children, possibly none for the role: the shell then says 你没有该栏目的权限！！).
    .addColumn('section', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('menu_items_role_code')
    .on('menu_items')
    .columns(['role_code', 'code'])
    .unique()
    .execute();
}
