import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { seedResultsDemo } from './demoSeed.js';
import { seedPublicationsDemo } from './publicationDemo.js';
import { registerResultHooks } from './resultHooks.js';

/** Results and papers: their checks inside the engine; their expert review is the review module's. */
export const resultsModule: ModuleManifest = {
  name: 'results',
  extend: registerResultHooks,
  async demoSeed(ctx) {
    await seedResultsDemo(ctx);
    await seedPublicationsDemo(ctx);
  },
};
