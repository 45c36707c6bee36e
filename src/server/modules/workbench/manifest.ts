import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { workbenchRoutes } from './workbenchRoutes.js';

/** The workbench: each role's own figures and tasks. */
export const workbenchModule: ModuleManifest = {
  name: 'workbench',
  routes: [workbenchRoutes],
};
