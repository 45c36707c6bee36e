import type { ModuleManifest } from '../platform/ModuleManifest.js';
import { changesModule } from './changes/manifest.js';
import { documentsModule } from './documents/manifest.js';
import { informationModule } from './information/manifest.js';
import { meetingsModule } from './meetings/manifest.js';
import { questionsModule } from './questions/manifest.js';
import { resultsModule } from './results/manifest.js';
import { reviewModule } from './review/manifest.js';
import { signupModule } from './signup/manifest.js';
import { statisticsModule } from './statistics/manifest.js';
import { studioModule } from './studio/manifest.js';
import { remindersModule } from './reminders/manifest.js';
import { similarityModule } from './similarity/manifest.js';
import { systemModule } from './system/manifest.js';
import { topicsModule } from './topics/manifest.js';
import { watchDutyModule } from './watchDuty/manifest.js';
import { workbenchModule } from './workbench/manifest.js';

/**
 * The modules of the portal, in the order their demo records are seeded (later ones build on
 * earlier ones: reviews of topics, results of finished topics) and their routes registered.
 */
export const MODULES: readonly ModuleManifest[] = [
  systemModule,
  topicsModule,
  meetingsModule,
  reviewModule,
  changesModule,
  informationModule,
  resultsModule,
  watchDutyModule,
  questionsModule,
  signupModule,
  documentsModule,
  statisticsModule,
  workbenchModule,
  studioModule,
  remindersModule,
  similarityModule,
];
