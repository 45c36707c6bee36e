import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext.js';
import { fileService } from '../storage/fileService.js';
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
    const stale = await db
      .selectFrom('upload_sessions')
      .select('context_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', 'in', ['open', 'refused']), eb('expires_at', '<=', now)]),
          eb.and([
            eb('status', '=', 'assembling'),
            eb('expires_at', '<=', now),
            eb('updated_at', '<', now - config.assembleLeaseMs),
          ]),
        ]),
      )
      .limit(500)
      .execute();
    for (const { context_id } of stale) {
      await storage.removeUpload(context_id);
      await db.deleteFrom('upload_chunks').where('context_id', '=', context_id).execute();
      await db.deleteFrom('upload_sessions').where('context_id', '=', context_id).execute();
    }
    swept += stale.length;
    if (stale.length < 500) break;
  }
  await abortDeadAssemblies(ctx, now);
  return swept;
}

/**
 * Aborts assemblies that no live upload session is doing any more: an S3 multipart upload begun
 * by a process killed while assembling stays in the bucket forever otherwise (the session itself is
 * taken over and finished by another process, under a multipart upload of its own). One is dead
 * when it is older than the assembly lease and no session of its content is still assembling
 * with a heartbeat within the lease.
 */
async function abortDeadAssemblies(ctx: AppContext, now: number): Promise<void> {
  const { storage, config } = fileService(ctx);
  if (!storage.pendingAssemblies || !storage.abortAssembly) return;
  const cutoff = now - config.assembleLeaseMs;
  for (const pending of await storage.pendingAssemblies()) {
    if (pending.startedAt >= cutoff) continue;
    const md5 = /^blobs\/[0-9a-f]{2}\/([0-9a-f]{32})$/.exec(pending.key)?.[1];
    if (!md5) continue;
    const live = await ctx.database.db
      .selectFrom('upload_sessions')
      .select('context_id')
      .where('md5', '=', md5)
      .where('status', '=', 'assembling')
      .where('updated_at', '>=', cutoff)
      .executeTakeFirst();
    if (!live) await storage.abortAssembly(pending.key, pending.id);
  }
}

/**
 * This period's sweep, when this process has the turn (jobs/schedule.ts): every process schedules
 * it, one sweeps. Answers how many uploads were swept, or null when another process has the turn.
 */
export async function runUploadSweep(
  ctx: AppContext,
  now = Date.now(),
  holder = jobHolder(ctx),
): Promise<number | null> {
  const every = fileService(ctx).config.sweepEveryMs || 60 * 60 * 1000;
  if (!(await claimTurn(ctx, UPLOAD_SWEEP_JOB, every, now, holder))) return null;
  return sweepExpiredUploads(ctx, now);
}

/** Sweeps every `sweepEveryMs` while the server runs, once per period across processes; stops when it closes. */
export function startUploadSweep(app: FastifyInstance, ctx: AppContext): void {
  const stop = scheduleJob(ctx, UPLOAD_SWEEP_JOB, fileService(ctx).config.sweepEveryMs, () => sweepExpiredUploads(ctx));
  app.addHook('onClose', async () => stop());
}
