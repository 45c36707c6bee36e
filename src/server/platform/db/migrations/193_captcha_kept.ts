import type { MigrationDb } from '../migrate.js';

/**
 * A picture captcha passed to send a sign-up's SMS code is remembered for that mobile, so the
 * form's 注册 accepts the same captcha once more instead of asking the visitor to type a new one.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('sso_captchas').addColumn('kept_for', 'varchar(64)').execute();
}
