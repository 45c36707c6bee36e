import type { Dialect } from '../database.js';
import { TIME } from '../columns.js';
import type { MigrationDb } from '../migrate.js';

/**
 * Leases of scheduled jobs (jobs/lease.ts): one row per job; the process whose name is in `holder`
 * runs the job until `expires_at`, so several server processes on one database never run it twice.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('job_lease')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .execute();
}
