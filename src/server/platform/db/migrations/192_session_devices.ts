import type { MigrationDb } from '../migrate.js';

/**
 * Which browser on which device, from which address, each app session was signed in from, so a
 * person can tell their own sessions apart in 个人中心 and end the ones they do not recognise.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('app_sessions').addColumn('user_agent', 'varchar(256)').execute();
  await db.schema.alterTable('app_sessions').addColumn('ip', 'varchar(64)').execute();
}
