import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../AppContext.js';
import { fileService } from '../storage/fileService.js';
import { conversionReadiness } from '../conversion/converters.js';
import { missingCount } from '../files/missingFiles.js';

/** A check that has not answered in this time counts as failed: a load balancer should not wait on it. */
const CHECK_TIMEOUT_MS = 3000;

/** Whether this process is on its way down (readiness answers 503 from then on). */
export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The release named in `dir`/RELEASE, null outside a release's folder (a checkout, tests). */
export function releaseOf(dir: string): string | null {
  try {
    return fs.readFileSync(path.join(dir, 'RELEASE'), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

async function passes(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await within(check(), CHECK_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

/**
 * For load balancers and orchestrators, outside the base path and without a login:
 * `GET /healthz` answers 200 while the process runs (liveness); `GET /readyz` answers 200 when the
 * database and the file storage answer and the process is not shutting down, 503 otherwise
 * (readiness), with whether documents and media are converted here (`conversion`) and how many
 * stored files this process found missing (`missingFiles`) and the release it runs (`release`). Neither tells more than that.
 */
export async function healthRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  app.decorate('lifecycle', { draining: false });
  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', { config: { auth: 'public' } }, async (_req, reply) =>
    reply.headers(noStore).send({ status: 'ok' }),
  );
  // The release this process started from (scripts/release.ts writes RELEASE into each release's
  // folder, the process's working directory): a rolling upgrade waits for each instance to name the new one.
  const release = releaseOf(process.cwd());
  app.get('/readyz', { config: { auth: 'public' } }, async (_req, reply) => {
    if (app.lifecycle.draining) return reply.code(503).headers(noStore).send({ status: 'draining' });
    const [database, storage] = await Promise.all([
      passes(() => sql`select 1`.execute(ctx.database.db)),
      passes(() => fileService(ctx).storage.ping()),
    ]);
    const ready = database && storage;
    // Conversion does not decide readiness: without LibreOffice or ffmpeg files are kept and downloaded, only not previewed.
    const conversion = conversionReadiness(ctx);
    // Files found missing do not decide readiness either: the rest is served, the count calls an operator.
    const missingFiles = missingCount(fileService(ctx).storage);
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ok' : 'unavailable', database, storage, conversion, missingFiles, release });
  });
  // While draining, keep-alive connections are closed after each answer, so the proxy's next
  // request opens a connection to an instance that stays.
  app.addHook('onSend', async (_req, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });
}
