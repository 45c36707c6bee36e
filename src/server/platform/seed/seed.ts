import type { AppContext } from '../AppContext.js';
import type { ModuleManifest } from '../ModuleManifest.js';
import { seedDemoUsers } from './demoUsers.js';
import { seedDictionaries, seedSettings, seedSubSystems, seedWatchShifts } from '../reference/referenceData.js';

/**
 * Seeds what a fresh database needs. Idempotent: runs on every start and only adds what is missing.
 * Reference data (dictionaries, sub-systems, settings, watch shifts) comes from schemas/ and follows
 * the files when they change; demo users and each module's demo records only outside production.
 */
export async function seed(ctx: AppContext, modules: readonly ModuleManifest[]): Promise<void> {
  const { db } = ctx.database;
  await seedSubSystems(db, ctx.schemas);
  await seedSettings(db, ctx.schemas);
  await seedDictionaries(db, ctx.schemas);
  await seedWatchShifts(db, ctx.schemas);
  if (!ctx.config.production) {
    await seedDemoUsers(db, ctx.config.demoPassword);
    for (const m of modules) if (m.devSeed) await m.devSeed(ctx);
  }
  if (ctx.config.demoData) for (const m of modules) if (m.demoSeed) await m.demoSeed(ctx);
}
