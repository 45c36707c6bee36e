import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { seedTopicsDemo } from './demoSeed.js';
import { scheduleTopicExpiry } from './expiry.js';
import { registerNoticeFacts } from './noticeWindow.js';
import { registerTopicHooks } from './topicHooks.js';
import { topicRoutes } from './topicRoutes.js';

/** Notices and topics through their five stages: checks inside the engine, the expiry job, the zip export. */
export const topicsModule: ModuleManifest = {
  name: 'topics',
  extend(ctx) {
    registerTopicHooks(ctx);
    registerNoticeFacts(ctx);
  },
  demoSeed: seedTopicsDemo,
  routes: [topicRoutes],
  jobs: [(ctx) => scheduleTopicExpiry(ctx, ctx.config.jobIntervalMs ?? 0)],
};
