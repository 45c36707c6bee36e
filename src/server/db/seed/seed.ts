import type { AppContext } from '../../AppContext.js';
import { seedDemoUsers } from './demoUsers.js';
import { seedSystemDemo } from '../../system/demoSeed.js';
import { seedTopicsDemo } from '../../topics/demoSeed.js';
import { seedMeetingsDemo } from '../../meetings/demoSeed.js';
import { seedReviewDemo } from '../../review/demoSeed.js';
import { seedChangeDemo } from '../../changes/demoSeed.js';
import { seedInformationDemo } from '../../information/demoSeed.js';
import { seedResultsDemo } from '../../results/demoSeed.js';
import { seedWatchDutyDemo } from '../../watchDuty/demoSeed.js';
import { seedDictionaries, seedSettings, seedSubSystems, seedWatchShifts } from './referenceData.js';

/**
 * Seeds what a fresh database needs. Idempotent: runs on every start and only adds what is missing.
 * Reference data (dictionaries, sub-systems, settings, watch shifts) comes from schemas/ and follows
 * the files when they change; demo users only outside production.
 */
export async function seed(ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  await seedSubSystems(db, ctx.schemas);
  await seedSettings(db, ctx.schemas);
  await seedDictionaries(db, ctx.schemas);
  await seedWatchShifts(db, ctx.schemas);
  if (!ctx.config.production) await seedDemoUsers(db, ctx.config.demoPassword);
  if (!ctx.config.production) await seedSystemDemo(ctx);
  if (ctx.config.demoData) await seedTopicsDemo(ctx);
  if (ctx.config.demoData) await seedMeetingsDemo(ctx);
  if (ctx.config.demoData) await seedReviewDemo(ctx);
  if (ctx.config.demoData) await seedChangeDemo(ctx);
  if (ctx.config.demoData) await seedInformationDemo(ctx);
  if (ctx.config.demoData) await seedResultsDemo(ctx);
  if (ctx.config.demoData) await seedWatchDutyDemo(ctx);
}
