/**
 * A child process of `npm run bench`: either a Fastify hello-world (`hello`), or the app on a
 * database holding at least N topics (`app <rows> <dataDir> [pgSchema]`), topped up with batched
 * inserts in one transaction per 5,000 rows. Prints one JSON line {port, authorization, csrf, seedMs}.
 */
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';

const AREAS = ['1101', '1123', '1102', '1103', '1104', '1105', '1106', '1107', '1108', '1109', '1110', '1111'];
const WORDS = [
  '核心素养',
  '课堂教学',
  '作业设计',
  '乡村学校',
  '家校共育',
  '劳动教育',
  '信息技术',
  '阅读能力',
  '教师专业发展',
  '评价改革',
  '跨学科',
  '心理健康',
];

async function hello(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.post('/hello', async () => ({ code: 200, data: { hello: 'world' } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);
}

async function topUp(ctx: import('../../src/server/AppContext.js').AppContext, rows: number): Promise<number> {
  const { db, dialect } = ctx.database;
  const have = Number((await sql<{ n: number }>`select count(*) as n from rec_topic`.execute(db)).rows[0].n);
  const statuses = ctx.schemas.workflows.get('topic')!.statuses.map((s) => s.code);
  const t0 = performance.now();
  const batch = 500;
  for (let start = have; start < rows;) {
    const end = Math.min(rows, start + 5000);
    await db.transaction().execute(async (trx) => {
      for (let i = start; i < end; i += batch) {
        const values = [];
        for (let k = i; k < Math.min(end, i + batch); k++) {
          const at = 1_600_000_000_000 + k * 60_000;
          const name = `${WORDS[k % WORDS.length]}视域下第${k}号${WORDS[(k * 7) % WORDS.length]}实践研究`;
          const data = JSON.stringify({
            leader: `负责人${k % 997}`,
            stage: 1 + (k % 5),
            year: String(2016 + (k % 10)),
            subject: String(1 + (k % 20)),
          });
          values.push(
            sql`(1, ${statuses[k % statuses.length]}, ${(k % 5000) + 10}, ${AREAS[k % AREAS.length]}, ${at}, ${at}, ${(k % 5000) + 10}, ${(k % 5000) + 10}, ${data}, ${name})`,
          );
        }
        await sql`insert into rec_topic (version, status, owner_id, area_code, created_at, updated_at, created_by, updated_by, data, name) values ${sql.join(values)}`.execute(
          trx,
        );
      }
    });
    start = end;
  }
  // PostgreSQL's autovacuum would vacuum the new rows and gather statistics soon enough, and if it
  // started during a measured run it would take a core from it; the bench does both at once, which
  // leaves the table as a long-running database has it. The app gathers no statistics on SQLite
  // (docs/performance.md: its STAT4 samples re-plan statements at each call), so neither does the bench.
  if (dialect === 'postgres') await sql`vacuum (analyze)`.execute(db);
  else await sql`pragma wal_checkpoint(truncate)`.execute(db);
  return performance.now() - t0;
}

/**
 * The app on its database, topped up to `rows` topics, with a session for the bench; with WORKERS > 1
 * the seeding process steps aside and that many server processes answer, as `npm start` runs them.
 */
async function app(rows: number, dataDir: string, pgSchema?: string): Promise<void> {
  const { loadConfig } = await import('../../src/server/config.js');
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
