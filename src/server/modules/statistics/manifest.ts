import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { statisticsRoutes } from './statisticsRoutes.js';

/** The statistics pages' figures. */
export const statisticsModule: ModuleManifest = {
  name: 'statistics',
  routes: [statisticsRoutes],
};
