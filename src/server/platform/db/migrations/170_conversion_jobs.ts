import type { Dialect } from '../database.js';
import { TIME } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/**
 * Conversion jobs (platform/conversion): one row per stored content (md5) that the browser cannot
 * show as uploaded. Who works on a job is the job lease (`convert:<md5>` in job_lease); this row
 * keeps its state, attempts, when it may be tried again, the converted object and a failure's reason.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('conversion_jobs')
    .addColumn('md5', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('target', 'varchar(8)', (c) => c.notNull())
    .addColumn('source_ext', 'varchar(16)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', TIME, (c) => c.notNull())
    .addColumn('output_key', 'varchar(128)')
    .addColumn('output_size', 'bigint')
    .addColumn('error', 'varchar(500)')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('conversion_jobs_state').on('conversion_jobs').columns(['state', 'next_at']).execute();
}
