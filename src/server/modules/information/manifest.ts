import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { seedInformationDemo } from './demoSeed.js';

/** Information publishing: schema records only, and their demo articles. */
export const informationModule: ModuleManifest = {
  name: 'information',
  demoSeed: seedInformationDemo,
};
