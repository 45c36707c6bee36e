import type { MigrationDb } from '../migrate.js';

/** Who asked for each captcha, so one address cannot fill the table with pictures. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('sso_captchas').addColumn('ip', 'varchar(64)').execute();
  await db.schema.createIndex('sso_captchas_ip').on('sso_captchas').columns(['ip', 'created_at']).execute();
}
