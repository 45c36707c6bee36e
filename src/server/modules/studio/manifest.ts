import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { studioRoutes } from './studioRoutes.js';

/** The schema studio: drafts and published versions of the schemas. */
export const studioModule: ModuleManifest = {
  name: 'studio',
  routes: [studioRoutes],
};
