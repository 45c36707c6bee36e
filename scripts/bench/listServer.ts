/**
 * A child process of `npm run bench`: either a Fastify hello-world (`hello`), or the app on a
 * database holding at least N topics (`app <rows> <dataDir> [pgSchema]`), topped up with batched
 * inserts in one transaction per 5,000 rows. Prints one JSON line {port, authorization, csrf, seedMs}.
 */
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { topUp } from './topicRows.js';

async function hello(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.post('/hello', async () => ({ code: 200, data: { hello: 'world' } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);
}

/**
 * The app on its database, topped up to `rows` topics, with a session for the bench; with WORKERS > 1
 * the seeding process steps aside and that many server processes answer, as `npm start` runs them.
 */
async function app(rows: number, dataDir: string, pgSchema?: string): Promise<void> {
  const { loadConfig } = await import('../../src/server/platform/config/config.js');
  const { buildApp } = await import('../../src/server/app.js');
  const { createAppSession } = await import('../../src/server/platform/auth/sessions.js');
  const { reportReady, serveWorkers } = await import('../../src/server/platform/cluster/serveWorkers.js');
  const config = loadConfig(
    {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ...(pgSchema ? { PG_SCHEMA: pgSchema } : {}),
      DEMO_PASSWORD: 'Bench@2026',
    },
    { port: 0, host: '127.0.0.1', ...(pgSchema ? { pgSchema } : {}) },
  );
  const { app: server, ctx } = await buildApp(config);
  if (cluster.isWorker) {
    await server.listen({ port: 0, host: '127.0.0.1' });
    process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
    reportReady((server.server.address() as AddressInfo).port);
    return;
  }
  const seedMs = await topUp(ctx, rows);
  const user = await ctx.database.db
    .selectFrom('users')
    .select(['id'])
    .where('username', '=', 'province')
    .executeTakeFirstOrThrow();
  const { token, csrfToken } = await createAppSession(ctx.database.db, {
    userId: user.id,
    roleCode: '2',
    subSystemId: null,
    tgtHash: null,
  });
  let port: number;
  if (config.workers > 1) {
    await server.close();
    const workers = await serveWorkers(config.workers);
    port = workers.port;
    process.on('SIGTERM', () => void workers.stop().then(() => process.exit(0)));
  } else {
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
    process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
  }
  process.stdout.write(`${JSON.stringify({ port, authorization: token, csrf: csrfToken, seedMs })}\n`);
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'hello') await hello();
else await app(Number(args[0]), args[1], args[2]);
