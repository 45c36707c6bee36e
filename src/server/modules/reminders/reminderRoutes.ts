import type { FastifyInstance } from 'fastify';
import type { EntityDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../AppContext.js';
import { scheduleJob } from '../../platform/jobs/schedule.js';
import { useOutsideChannels } from '../../platform/notifications/outsideSenders.js';
import { PREFERENCE_ENTITY, policyOf, preferenceAdmin } from './preferenceAdmin.js';
import { REMINDER_JOB, runReminders } from './reminders.js';

/**
 * Reminders: each person's channel choices (the 消息提醒设置 page), e-mail and SMS for the kinds
 * that page names, and the deadline reminder job, once per period across server processes.
 */
export async function reminderRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  ctx.engine.on(PREFERENCE_ENTITY, { virtual: preferenceAdmin(ctx) });
  useOutsideChannels(ctx, policyOf(ctx.schemas.entities.get(PREFERENCE_ENTITY) as EntityDef));
  const stop = scheduleJob(ctx, REMINDER_JOB, ctx.config.jobIntervalMs ?? 0, async () => {
    const n = await runReminders(ctx);
    if (n) ctx.log.info({ reminded: n }, 'deadline reminders sent');
  });
  app.addHook('onClose', async () => stop());
}
