import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { seedStudioDemo } from './demoSeed.js';
import { studioRoutes } from './studioRoutes.js';

/** The schema studio: drafts and published versions of the schemas, and access changes awaiting approval. */
export const studioModule: ModuleManifest = {
  name: 'studio',
  demoSeed: seedStudioDemo,
  routes: [studioRoutes],
};
