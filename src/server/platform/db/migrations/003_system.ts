import type { Dialect } from '../database.js';
import { withId, TIME, JSON_TEXT } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/**
 * Platform reference data: sub-systems, site settings, dictionaries (with a version per type so
 * browsers can drop a stale cached copy), watch-duty shifts, and each user's sub-system preferences.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('sub_systems'), dialect)
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('system_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('organize', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('default_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Per user and sub-system: the guided-tour flag (remindAgain 1 = do not show again).
  await db.schema
    .createTable('user_sub_systems')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sub_system_id', 'integer', (c) => c.notNull().references('sub_systems.id').onDelete('cascade'))
    .addColumn('remind_again', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_sub_systems_pk', ['user_id', 'sub_system_id'])
    .execute();
  // The sub-system a user last switched to, so the next sign-in lands there again.
  await db.schema.alterTable('users').addColumn('current_sub_system_id', 'integer').execute();

  // Key / JSON value. `seed_hash` remembers which seed file content a row came from.
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', JSON_TEXT, (c) => c.notNull())
    .addColumn('seed_hash', 'varchar(64)')
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('dictionary_types')
    .addColumn('type', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('label', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('seed_hash', 'varchar(64)')
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('dictionary_items')
    .addColumn('type', 'varchar(32)', (c) => c.notNull().references('dictionary_types.type').onDelete('cascade'))
    .addColumn('value', 'varchar(64)', (c) => c.notNull())
    .addColumn('text', 'varchar(128)', (c) => c.notNull())
    .addColumn('color', 'varchar(32)')
    .addColumn('sort_no', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('dictionary_items_pk', ['type', 'value'])
    .execute();

  await withId(db.schema.createTable('watch_shifts'), dialect)
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
