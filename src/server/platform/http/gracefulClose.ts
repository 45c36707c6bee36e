import type { FastifyInstance } from 'fastify';

/**
 * Stops a server the way a load balancer needs: readiness turns false at once (GET /readyz
 * answers 503) while requests are still served for `drainMs`, so the balancer takes the instance
 * out before it stops listening; then the listener closes and requests in flight (a chunk still
 * arriving, an assembly) finish before the database is closed. Resolves false if they had not
 * finished after `timeoutMs`.
 */
export async function gracefulClose(app: FastifyInstance, drainMs: number, timeoutMs: number): Promise<boolean> {
  app.lifecycle.draining = true;
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([app.close().then(() => true as const), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
