import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { seedSimilarityDemo } from './demoSeed.js';
import { registerSimilarityHooks } from './hooks.js';
import { startIndexWorker } from './queue.js';
import { similarityRoutes } from './routes.js';

/**
 * 查重: every topic's texts (long fields, uploaded documents, stage reports, results) in a MinHash
 * index kept by a queue worked beside the conversion queue; a report per topic; the 查重 column
 * and flag on the review pages.
 */
export const similarityModule: ModuleManifest = {
  name: 'similarity',
  extend: registerSimilarityHooks,
  demoSeed: seedSimilarityDemo,
  routes: [similarityRoutes],
  jobs: [startIndexWorker],
};
