import type { Dialect } from '../database.js';
import { withId, TIME } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/**
 * Single sign-on state: tickets, captchas, SMS codes and login failures. All of it lives in the
 * database (never in process memory) so several server processes can answer the same browser.
 * Secrets (tickets, captcha and SMS codes) are stored only as hashes.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sso_tickets')
    .addColumn('tgt_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('last_seen_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_tickets_user').on('sso_tickets').column('user_id').execute();

  await db.schema
    .createTable('sso_captchas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('used_at', TIME)
    .execute();
  await db.schema.createIndex('sso_captchas_expires').on('sso_captchas').column('expires_at').execute();

  await withId(db.schema.createTable('sso_sms_codes'), dialect)
    .addColumn('mobile', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('used_at', TIME)
    .execute();
  await db.schema.createIndex('sso_sms_codes_mobile').on('sso_sms_codes').columns(['mobile', 'created_at']).execute();
  await db.schema.createIndex('sso_sms_codes_ip').on('sso_sms_codes').columns(['ip', 'created_at']).execute();

  // One row per failed login; counted per (account, address) in a sliding window.
  await withId(db.schema.createTable('sso_login_failures'), dialect)
    .addColumn('account_key', 'varchar(160)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('failed_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sso_login_failures_key')
    .on('sso_login_failures')
    .columns(['account_key', 'ip', 'failed_at'])
    .execute();

  await db.schema
    .createTable('sso_login_locks')
    .addColumn('account_key', 'varchar(160)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('locked_until', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_login_locks_pk', ['account_key', 'ip'])
    .execute();
}
