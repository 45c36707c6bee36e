import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext.js';
import { fileService } from './fileService.js';

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

/** Sweeps every `sweepEveryMs` while the server runs; stops when it closes. */
export function startUploadSweep(app: FastifyInstance, ctx: AppContext): void {
  const every = fileService(ctx).config.sweepEveryMs;
  if (!every) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepExpiredUploads(ctx)
      .catch((e) => app.log.warn({ err: e }, 'upload sweep failed'))
      .finally(() => { running = false; });
  }, every);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
