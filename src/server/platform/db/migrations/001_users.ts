import type { Dialect } from '../database.js';
import { withId, TIME } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/** People, their roles, and the app sessions (tokens) issued to them after single sign-on. */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('users'), dialect)
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('real_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'varchar(32)')
    .addColumn('email', 'varchar(128)')
    .addColumn('id_card_no', 'varchar(32)')
    .addColumn('gender', 'integer')
    .addColumn('area_code', 'varchar(16)')
    .addColumn('org_name', 'varchar(128)')
    .addColumn('head_img', 'varchar(512)')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('default_sub_system_id', 'integer')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_mobile').on('users').column('mobile').execute();
  await db.schema.createIndex('users_email').on('users').column('email').execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_code', 'varchar(8)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_code'])
    .execute();

  // App sessions: one row per token handed out by sys/login. Only hashes are stored.
  await db.schema
    .createTable('app_sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('sub_system_id', 'integer')
    .addColumn('tgt_hash', 'varchar(64)')
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('last_seen_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_sessions_tgt').on('app_sessions').column('tgt_hash').execute();
}
