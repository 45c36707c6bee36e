import type { FastifyInstance, FastifySchema } from 'fastify';

export interface RouteSchemaEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  auth: unknown;
}

const registry = new WeakMap<FastifyInstance, RouteSchemaEntry[]>();

/**
 * Remembers every route's method, URL and schemas as it is added (an onRoute hook on the root
 * reaches every plugin registered after it), so the fuzz test can build requests from each
 * route's own schema, including routes other modules add later.
 */
export function recordRouteSchemas(app: FastifyInstance): void {
  const list: RouteSchemaEntry[] = [];
  registry.set(app, list);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      list.push({
        method,
        url: route.url,
        schema: route.schema,
        auth: (route.config as { auth?: unknown } | undefined)?.auth,
      });
    }
  });
}

export function routeSchemas(app: FastifyInstance): RouteSchemaEntry[] {
  return registry.get(app) ?? [];
}
