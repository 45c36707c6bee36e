import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Stops a server the way a load balancer needs, with no request lost at the moment it stops:
 * 1. readiness turns false at once (GET /readyz answers 503) while requests are still served for
 *    `drainMs`, each answer closing its connection, so a balancer that polls readiness takes the
 *    instance out;
 * 2. the listener closes: a balancer that does not poll (nginx) now meets a refused connection,
 *    which it safely tries on another instance, since nothing was sent;
 * 3. connections already open are left to end by themselves for up to `drainMs` more: a request
 *    that reaches one of them (nginx may have just opened it, or send down one it keeps idle, 4 s
 *    at most) is served, not refused. Node's own `http.Server#close` would destroy idle
 *    connections and Fastify answers 503 to requests after its close begins, and a proxy cannot
 *    resend a POST that met either;
 * 4. Fastify closes (hooks, database; idle connections a client still holds are closed).
 * Resolves false if requests had not finished after `timeoutMs`.
 */
export async function gracefulClose(app: FastifyInstance, drainMs: number, timeoutMs: number): Promise<boolean> {
  app.lifecycle.draining = true;
  if (drainMs > 0) await sleep(drainMs);
  const started = Date.now();
  if (drainMs > 0 && app.server.listening) await Promise.race([stopListening(app.server), sleep(drainMs)]);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs - (Date.now() - started)));
  });
  try {
    return await Promise.race([app.close().then(() => true as const), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Closes the listening socket only; resolves when every connection it accepted has ended. */
function stopListening(server: net.Server): Promise<void> {
  return new Promise((resolve) => {
    net.Server.prototype.close.call(server, () => resolve());
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
