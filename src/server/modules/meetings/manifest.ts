import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { syncAttendees } from './attendeeSync.js';
import { seedMeetingsDemo } from './demoSeed.js';
import { meetingRoutes } from './meetingRoutes.js';

/** Meetings: attendee records kept in step with a meeting, the person picker, the attendee export. */
export const meetingsModule: ModuleManifest = {
  name: 'meetings',
  extend(ctx) {
    ctx.engine.on('meeting', { afterCommit: syncAttendees });
  },
  demoSeed: seedMeetingsDemo,
  routes: [meetingRoutes],
};
