import type { Dialect } from '../database.js';
import { withId, TIME } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/**
 * People looking after their own accounts: why a new password is asked for at the next sign-in
 * ('created' by an administrator, 'reset' by one), the person's title, whether the e-mail was
 * confirmed, and the one-time codes and links that confirm a new mobile or e-mail and reset a
 * forgotten password (hashes only; `target` is the address the code was sent to).
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('must_change_reason', 'varchar(16)').execute();
  await db.schema.alterTable('users').addColumn('title', 'varchar(64)').execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(db.schema.createTable('account_codes'), dialect)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('target', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('used_at', TIME)
    .execute();
  await db.schema.createIndex('account_codes_hash').on('account_codes').column('code_hash').execute();
  await db.schema
    .createIndex('account_codes_user')
    .on('account_codes')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute();
}
