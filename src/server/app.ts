import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from './platform/config/config.js';
import type { AppContext } from './platform/AppContext.js';
import { openDatabase, type Database } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { takeStartLock } from './platform/db/startLock.js';
import { installEnvelopeHandlers } from './platform/http/envelope.js';
import { installRuleBudget } from './platform/http/ruleBudget.js';
import { installInputGuard, markFormBody } from './platform/http/inputGuard.js';
import { recordRouteSchemas } from './platform/http/routeSchemas.js';
import { AppError } from './platform/http/AppError.js';
import { authPlugin } from './platform/auth/authPlugin.js';
import { loadSchemas } from './platform/schemas/loadSchemas.js';
import { checkSchemas } from './platform/schemas/checkSchemas.js';
import { SchemaRegistry } from './platform/schemas/schemaRegistry.js';
import { cloneSet } from './platform/schemas/schemaDocs.js';
import { syncEntityTables } from './platform/records/entityTables.js';
import { syncEntityIndexes } from './platform/records/entityIndexes.js';
import { seed } from './platform/seed/seed.js';
import { Engine } from './platform/records/Engine.js';
import { sendTransitionNotice } from './platform/workflow/transitionNotices.js';
import { MODULES } from './modules/index.js';
import { ssoRoutes } from './platform/sso/ssoRoutes.js';
import { resourceRoutes } from './platform/resources/resourceRoutes.js';
import { fileRoutes } from './platform/files/fileRoutes.js';
import { richTextImageRoutes } from './platform/files/richTextImages.js';
import { webApp } from './platform/web/webApp.js';
import { publicPageRoutes } from './platform/web/publicPages/publicPageRoutes.js';
import { installSecurityHeaders } from './platform/http/securityHeaders.js';
import { installPublicCaching } from './platform/http/publicCaching.js';
import { installAnswerCompression } from './platform/http/compressAnswers.js';
import { healthRoutes } from './platform/web/health.js';
import { notificationRoutes } from './platform/notifications/notificationRoutes.js';
import { routedUrl } from './platform/web/baseHref.js';

/** The context of an app, every module's extensions of the engine in place before anything is seeded or served. */
export function moduleContext(base: Omit<AppContext, 'engine'>): AppContext {
  const ctx: AppContext = { ...base, engine: new Engine((name) => Boolean(base.schemas.entities.get(name)?.virtual)) };
  // The notice a workflow declares on a transition (TransitionDef.notify), for every entity.
  ctx.engine.onEveryCommit(async (c, change) => void (await sendTransitionNotice(c, change)));
  for (const m of MODULES) m.extend?.(ctx);
  return ctx;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/**
 * Builds the whole server: one process serving the web app, the API under /api/, single sign-on
 * under /sso/ and files. Opens (and migrates and seeds) the database unless one is handed in.
 */
export interface BuildOptions {
  database?: Database;
  /**
   * The database is a copy of one migrated and seeded with this same config (test templates): skip
   * both, and the schemas' check, which that build ran on the same schema files.
   */
  prepared?: boolean;
}

export async function buildApp(config: ServerConfig, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers["x-csrf-token"]'] },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    bodyLimit: 2 * 1024 * 1024,
    // Unknown keys are refused by each route's own schema, not silently dropped; JSON bodies are
    // validated without coercion, forms and query strings with it (installInputGuard).
    trustProxy: config.trustProxy,
    // The app's calls under the base path are the API's (platform/web/baseHref.ts).
    rewriteUrl: (req) => routedUrl(req.url ?? '/', config.basePath),
    // Registering the routes compiles every route's JSON schema; on a busy machine that outlasts
    // Fastify's 10 s default and the start fails although nothing hangs.
    pluginTimeout: 120_000,
  });
  installEnvelopeHandlers(app);
  installRuleBudget(app);

  // A schema problem stops start-up with the file and JSON path, before anything is served.
  const schemas = loadSchemas(config.schemasDir);
  const problems = opts.prepared ? [] : checkSchemas(schemas);
  if (problems.length) {
    throw new Error(`Invalid schemas:\n${problems.map((p) => `  ${p.file} ${p.path}: ${p.message}`).join('\n')}`);
  }

  // Everything that writes the schema or seeds, up to the last route, runs under the start lock
  // (db/startLock.ts), so instances started together on an empty database all come up.
  const lock = await takeStartLock(config);
  try {
    return await startUnderLock(app, config, schemas, opts);
  } finally {
    await lock.release();
  }
}

async function startUnderLock(
  app: FastifyInstance,
  config: ServerConfig,
  schemas: ReturnType<typeof loadSchemas>,
  opts: BuildOptions,
): Promise<BuiltApp> {
  const database = opts.database ?? (await openDatabase(config));
  if (!opts.prepared) await migrateToLatest(database);
  // Published versions (schema studio) over the files, before anything reads the schemas.
  const schemaRegistry = new SchemaRegistry(cloneSet(schemas), schemas, database, app.log);
  await schemaRegistry.refresh();
  const ctx = moduleContext({ config, database, schemas, schemaRegistry, log: app.log });
  if (!opts.prepared) await seed(ctx, MODULES);
  app.decorate('ctx', ctx);

  // Accept url-encoded forms too: the spec's file calls post "form" bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, markFormBody(Object.fromEntries(new URLSearchParams(body as string))));
    } catch {
      done(AppError.invalid(), undefined);
    }
  });
  // Depth limit, NUL and lone-surrogate refusal and trimming of every body, query and parameter.
  installInputGuard(app);
  installSecurityHeaders(app);
  // In this order: the ETag is the hash of the answer as written, then the answer is compressed.
  installPublicCaching(app);
  installAnswerCompression(app);
  recordRouteSchemas(app);
  app.addHook('onClose', async () => {
    if (!opts.database) await database.close();
  });

  // A publish on another process is served from this process's next request on. The probes stay
  // out of it: readiness must answer 503, not fail, when the database is gone.
  const probes = new Set(['/healthz', '/readyz']);
  app.addHook('onRequest', async (request) => {
    if (probes.has(request.routeOptions.url ?? '')) return;
    await schemaRegistry.followOthers();
  });
  schemaRegistry.onChange(async (set) => {
    await syncEntityTables(database, set.entities.values());
    await syncEntityIndexes(database, set.entities.values(), set);
  });

  await app.register(authPlugin, { database, sessionMaxMs: config.sessionMaxMs });
  await app.register(fp(healthRoutes), { ctx });
  await app.register(ssoRoutes, { prefix: '/sso', ctx });
  await app.register(resourceRoutes, { prefix: '/api', ctx });
  await app.register(fileRoutes, { ctx });
  await app.register(richTextImageRoutes, { ctx });
  await app.register(notificationRoutes, { prefix: '/api', ctx });
  await app.register(publicPageRoutes, { ctx });
  for (const m of MODULES) {
    m.start?.(ctx);
    for (const routes of m.routes ?? []) await app.register(routes, { prefix: '/api', ctx });
    for (const start of m.jobs ?? []) {
      const stop = start(ctx);
      app.addHook('onClose', async () => stop());
    }
  }
  await app.register(webApp, { ctx });
  return { app, ctx };
}
