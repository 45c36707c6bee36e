import { sql } from 'kysely';
import type { Dialect } from '../database.js';
import { TIME, withId } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/**
 * The duplicate-check index (modules/similarity): one row per document (a long text field of a
 * record, or the text of one of its files) with its MinHash signature and its text, compressed,
 * to quote matching passages; its LSH band keys, one row each, looked up by key; what the last
 * check of each document found; and the queue of records whose documents are to be (re)indexed.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';
  await withId(db.schema.createTable('similarity_docs'), dialect)
    .addColumn('doc_key', 'varchar(160)', (c) => c.notNull().unique())
    .addColumn('entity', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('topic_id', 'integer')
    .addColumn('field', 'varchar(64)', (c) => c.notNull())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('owner_id', 'integer')
    .addColumn('person', 'varchar(64)')
    .addColumn('notice_id', 'integer')
    .addColumn('content_hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('shingles', 'integer', (c) => c.notNull())
    .addColumn('signature', blob, (c) => c.notNull())
    .addColumn('body', blob, (c) => c.notNull())
    .addColumn('first_at', TIME, (c) => c.notNull())
    .addColumn('indexed_at', TIME, (c) => c.notNull())
    .addColumn('best_score', 'real')
    .addColumn('best_doc_id', 'integer')
    .addColumn('best_same_person', 'integer')
    .execute();
  await db.schema
    .createIndex('similarity_docs_record')
    .on('similarity_docs')
    .columns(['entity', 'record_id'])
    .execute();
  await db.schema.createIndex('similarity_docs_topic').on('similarity_docs').column('topic_id').execute();
  let bands = db.schema
    .createTable('similarity_bands')
    .addColumn('band_key', 'bigint', (c) => c.notNull())
    .addColumn('doc_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('similarity_bands_pk', ['band_key', 'doc_id']);
  // The pair is the whole row: SQLite keeps it in the key's b-tree alone.
  if (dialect === 'sqlite') bands = bands.modifyEnd(sql`without rowid`);
  await bands.execute();
  await db.schema.createIndex('similarity_bands_doc').on('similarity_bands').column('doc_id').execute();
  await db.schema
    .createTable('similarity_queue')
    .addColumn('entity', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', TIME, (c) => c.notNull())
    .addColumn('error', 'varchar(500)')
    .addPrimaryKeyConstraint('similarity_queue_pk', ['entity', 'record_id'])
    .execute();
  await db.schema.createIndex('similarity_queue_next').on('similarity_queue').column('next_at').execute();
}
