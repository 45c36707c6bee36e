import type { AppContext } from '../../AppContext.js';
import { seedDemoUsers } from './demoUsers.js';
import { seedSystemDemo } from '../../modules/system/demoSeed.js';
import { seedTopicsDemo } from '../../modules/topics/demoSeed.js';
import { seedMeetingsDemo } from '../../modules/meetings/demoSeed.js';
import { seedReviewDemo } from '../../modules/review/demoSeed.js';
import { seedChangeDemo } from '../../modules/changes/demoSeed.js';
import { seedInformationDemo } from '../../modules/information/demoSeed.js';
import { seedResultsDemo } from '../../modules/results/demoSeed.js';
import { seedPublicationsDemo } from '../../modules/results/publicationDemo.js';
import { seedWatchDutyDemo } from '../../modules/watchDuty/demoSeed.js';
import { seedDictionaries, seedSettings, seedSubSystems, seedWatchShifts } from '../reference/referenceData.js';

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
  if (ctx.config.demoData) await seedPublicationsDemo(ctx);
  if (ctx.config.demoData) await seedWatchDutyDemo(ctx);
}
