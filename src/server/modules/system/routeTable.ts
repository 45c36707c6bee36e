import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every registered route, read from Fastify's route tree print-out (Fastify has no route list API
 * and onRoute hooks must be in place before the routes are added). Used by tests that must reach
 * every endpoint, including ones added later by other modules.
 */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const out: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.*)$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    const text = m[2];
    const methods = /^(.*?) \(([A-Z, ]+)\)$/.exec(text);
    stack.length = depth;
    stack[depth] = methods ? methods[1] : text;
    if (!methods) continue;
    const url = stack.join('');
    for (const method of methods[2].split(',').map((s) => s.trim())) out.push({ method, url });
  }
  return out;
}
