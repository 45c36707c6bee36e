import type { MigrationDb } from '../migrate.js';

/**
 * Account administration (module system): a reset password must be changed at the next sign-in;
 * self sign-ups wait in `approval` ('pending', 'rejected') when settings ask for a city admin's
 * approval; the unit a user chose from the unit list.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('approval', 'varchar(16)').execute();
  await db.schema.alterTable('users').addColumn('school_id', 'integer').execute();
  await db.schema.createIndex('users_id_card_no').on('users').column('id_card_no').execute();
}
