import type { EntityDef } from '../../../shared/schema/types.js';
import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { scheduleJob } from '../../platform/jobs/schedule.js';
import { useOutsideChannels } from '../../platform/notifications/outsideSenders.js';
import { PREFERENCE_ENTITY, policyOf, preferenceAdmin } from './preferenceAdmin.js';
import { REMINDER_JOB, runReminders } from './reminders.js';

/**
 * Reminders outside the portal: each person's channel choices (the 消息提醒设置 page), e-mail and
 * SMS for the kinds that page names beside the in-app notice, and the deadline reminder job, once
 * per period across server processes.
 */
export const remindersModule: ModuleManifest = {
  name: 'reminders',
  extend(ctx) {
    ctx.engine.on(PREFERENCE_ENTITY, { virtual: preferenceAdmin(ctx) });
  },
  start(ctx) {
    useOutsideChannels(ctx, policyOf(ctx.schemas.entities.get(PREFERENCE_ENTITY) as EntityDef));
  },
  jobs: [
    (ctx) =>
      scheduleJob(ctx, REMINDER_JOB, ctx.config.jobIntervalMs ?? 0, async () => {
        const n = await runReminders(ctx);
        if (n) ctx.log.info({ reminded: n }, 'deadline reminders sent');
      }),
  ],
};
