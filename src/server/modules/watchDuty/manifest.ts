import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { seedWatchDutyDemo } from './demoSeed.js';
import { registerWatchDutyHooks } from './watchDuty.js';
import { watchDutyRoutes } from './watchDutyRoutes.js';

/** Watch duty: the roster's save checks, the shifts and the duty token. */
export const watchDutyModule: ModuleManifest = {
  name: 'watchDuty',
  extend: registerWatchDutyHooks,
  demoSeed: seedWatchDutyDemo,
  routes: [watchDutyRoutes],
};
