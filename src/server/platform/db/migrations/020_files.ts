import type { Dialect } from '../database.js';
import { withId, TIME } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/**
 * The file service: one stored blob per content (md5), resumable upload sessions, the users' file
 * records, the records a file is bound to, and the server's signing secret (shared by every
 * process through the database).
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();

  // One row per distinct content. `kind` is what the content signature says it is (pdf, png, zip...).
  await db.schema
    .createTable('file_blobs')
    .addColumn('md5', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('complete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();

  // One row per upload (or per instant-upload grant): the contextId the client holds. A complete
  // session proves its user had the bytes of `md5`.
  await db.schema
    .createTable('upload_sessions')
    .addColumn('context_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('chunks', 'integer', (c) => c.notNull())
    .addColumn('chunk_size', 'bigint', (c) => c.notNull())
    .addColumn('file_size', 'bigint')
    .addColumn('file_ext', 'varchar(16)', (c) => c.notNull())
    .addColumn('belong_type', 'varchar(128)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_sessions_user_md5').on('upload_sessions').columns(['user_id', 'md5']).execute();
  await db.schema.createIndex('upload_sessions_expires').on('upload_sessions').column('expires_at').execute();

  // md5 of each stored chunk, recorded as it was received (a one-chunk file then needs no re-read).
  await db.schema
    .createTable('upload_chunks')
    .addColumn('context_id', 'varchar(64)', (c) =>
      c.notNull().references('upload_sessions.context_id').onDelete('cascade'),
    )
    .addColumn('chunk_index', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_chunks_pk', ['context_id', 'chunk_index'])
    .execute();

  // A user's file: display name only here; the bytes are found by md5.
  await withId(db.schema.createTable('files'), dialect)
    .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('original_file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_suffix', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('belong_type', 'varchar(128)', (c) => c.notNull())
    .addColumn('belong_id', 'integer')
    .addColumn('context_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_md5').on('files').column('md5').execute();
  await db.schema.createIndex('files_owner').on('files').column('owner_user_id').execute();

  // Which records a file is attached to: whoever may read such a record may read the file.
  await db.schema
    .createTable('file_bindings')
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('entity', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('file_bindings_pk', ['file_id', 'entity', 'record_id', 'field'])
    .execute();
  await db.schema.createIndex('file_bindings_record').on('file_bindings').columns(['entity', 'record_id']).execute();
}
