import type { AppContext } from '../../AppContext.js';
import { seedDemoUsers } from './demoUsers.js';

/**
 * Seeds what a fresh database needs. Idempotent: runs on every start and only adds what is missing.
 * Reference data (dictionaries, menus, sub-systems) comes from schemas/; demo users only outside production.
 */
export async function seed(ctx: AppContext): Promise<void> {
  if (!ctx.config.production) await seedDemoUsers(ctx.database.db, ctx.config.demoPassword);
}
