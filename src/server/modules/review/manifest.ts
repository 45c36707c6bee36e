import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { seedReviewDemo } from './demoSeed.js';
import { registerExpertLabel } from './expertLabel.js';
import { registerReviewFileAccess } from './reviewFileAccess.js';
import { registerReviewHooks } from './reviewHooks.js';
import { reviewRoutes } from './reviewRoutes.js';

/** Expert review: the expert library, batches, allocation, scoring, progress and the end of a review. */
export const reviewModule: ModuleManifest = {
  name: 'review',
  extend(ctx) {
    registerReviewHooks(ctx);
    registerReviewFileAccess(ctx);
    registerExpertLabel(ctx);
  },
  demoSeed: seedReviewDemo,
  routes: [reviewRoutes],
};
