import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext.js';
import { fileService } from './fileService.js';
import { claimTurn, jobHolder, scheduleJob } from '../jobs/schedule.js';

export const UPLOAD_SWEEP_JOB = 'uploadSweep';

/**
 * Drops upload sessions nobody finished in time (open, refused, or an assembly that died with its
 * process) together with their chunks. `now` decides what is stale: expires_at, pushed on at
 * every prepare, is the resume deadline.
 */
export async function sweepExpiredUploads(ctx: AppContext, now = Date.now()): Promise<number> {
  const db = ctx.database.db;
  const { storage, config } = fileService(ctx);
  let swept = 0;
  for (;;) {
    const stale = await db.selectFrom('upload_sessions').select('context_id')
      .where((eb) => eb.or([
        eb.and([eb('status', 'in', ['open', 'refused']), eb('expires_at', '<=', now)]),
        eb.and([eb('status', '=', 'assembling'), eb('expires_at', '<=', now), eb('updated_at', '<', now - config.assembleLeaseMs)]),
      ]))
      .limit(500).execute();
    for (const { context_id } of stale) {
      await storage.removeUpload(context_id);
      await db.deleteFrom('upload_chunks').where('context_id', '=', context_id).execute();
      await db.deleteFrom('upload_sessions').where('context_id', '=', context_id).execute();
    }
    swept += stale.length;
    if (stale.length < 500) return swept;
  }
}

/**
 * This period's sweep, when this process has the turn (jobs/schedule.ts): every process schedules
 * it, one sweeps. Answers how many uploads were swept, or null when another process has the turn.
 */
export async function runUploadSweep(ctx: AppContext, now = Date.now(), holder = jobHolder(ctx)): Promise<number | null> {
  const every = fileService(ctx).config.sweepEveryMs || 60 * 60 * 1000;
  if (!(await claimTurn(ctx, UPLOAD_SWEEP_JOB, every, now, holder))) return null;
  return sweepExpiredUploads(ctx, now);
}

/** Sweeps every `sweepEveryMs` while the server runs, once per period across processes; stops when it closes. */
export function startUploadSweep(app: FastifyInstance, ctx: AppContext): void {
  const stop = scheduleJob(ctx, UPLOAD_SWEEP_JOB, fileService(ctx).config.sweepEveryMs, () => sweepExpiredUploads(ctx));
  app.addHook('onClose', async () => stop());
}
