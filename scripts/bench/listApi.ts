/**
 * The list API at province scale, for `npm run bench`: a Fastify hello-world and the app (on SQLite,
 * and on PostgreSQL when DATABASE_URL is set) at 100k and 1M topics, each hit by 50 concurrent
 * loopback clients for a bounded time and count. Page 1 of 10 with two filters and the exact total,
 * and a "name contains" search with its total. The app runs as one process and as WORKERS
 * processes (BENCH_WORKERS, default 1,2), on the same data. With BENCH_PG_SOCKET_URL (the same
 * database through its Unix socket, e.g. postgres://user@%2Fvar%2Frun%2Fpostgresql/db) each
 * PostgreSQL figure is taken over that connection too, on the same seeded rows.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChild, stop } from './benchChild.js';
import { load, type LoadResult } from './loadClient.js';

export type { LoadResult };

/**
 * The list API's goal: p99 under 50 ms for page 1 of the topic list (the bound every list run in
 * bench/results is read against). The conversion part holds the same call to it while four
 * conversions run beside it.
 */
export const LIST_P99_GOAL_MS = 50;

/** A measured p99 beside the list API's goal: whether it is met, and the words to print. */
export function againstListGoal(p99: number, goal = LIST_P99_GOAL_MS): { met: boolean; text: string } {
  const met = p99 < goal;
  return { met, text: `p99 ${p99.toFixed(1)} ms, goal under ${goal} ms: ${met ? 'met' : 'MISSED'}` };
}

/**
 * One request at a time on a warm keep-alive connection, median: the latency without queueing.
 * (`fetch` measured a new connection and cold code each time, several times the call itself.)
 */
async function alone(port: number, urlPath: string, body: unknown, headers: Record<string, string>): Promise<number> {
  return (
    await load('alone', port, urlPath, body, headers, { concurrency: 1, seconds: 2, maxRequests: 1000, warmRounds: 50 })
  ).p50;
}

export interface ListBench {
  hello: LoadResult;
  rows: {
    db: string;
    n: number;
    workers: number;
    seedMs: number;
    aloneMs: number;
    list: LoadResult;
    search: LoadResult;
    /** One process only: the list and the app's cheapest call, each at c=20 (COMPARE_CONCURRENCY). */
    atTwenty?: { list: LoadResult; cheapest: LoadResult };
  }[];
}

/**
 * The list measured against the app's own cheapest call, both at 20 concurrent callers, one process:
 * what a list costs beyond what every call costs (HTTP, hooks, the session, the envelope). The
 * cheapest is the dictionary version check (one small query of dictionary_types). Goal: the list
 * at 60% or more.
 */
export const COMPARE_CONCURRENCY = 20;
export const LIST_SHARE_GOAL = 0.6;
const CHEAPEST_PATH = '/api/dic/versions';

const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);

/**
 * Each measured window follows this many seconds of the same load (BENCH_WARM_SECONDS), the
 * hello-world's too: a server just started is still compiling its code (V8 optimises a function
 * after thousands of calls) and, on PostgreSQL, each pooled connection preparing and planning its
 * statements. Measured after a few hundred requests, the app answered markedly fewer list calls
 * in its first window than in the next (bench/results/); the hello-world has nothing to warm. What a portal serves all day is the steady state.
 */
const WARM = { warmSeconds: Number(process.env.BENCH_WARM_SECONDS ?? 8) };

const LIST_BODY = {
  pageId: 'topics/topic.list',
  page: 1,
  pageSize: 10,
  filters: [
    { field: 'status', value: '1' },
    { field: 'areaCode', value: '1123' },
  ],
};
const SEARCH_BODY = {
  pageId: 'topics/topic.list',
  page: 1,
  pageSize: 10,
  filters: [{ field: 'name', op: 'like', value: '作业设计实践' }],
};

/** The machine's yardstick: a Fastify hello-world under the same load as the list calls. */
export async function benchHelloWorld(log: (s: string) => void): Promise<LoadResult> {
  const hello = await startChild(['hello']);
  const helloResult = await load('hello', hello.info.port, '/hello', {}, {}, WARM);
  await stop(hello);
  log(
    `hello-world: ${helloResult.rps.toFixed(0)} req/s, p50 ${helloResult.p50.toFixed(1)} ms, p99 ${helloResult.p99.toFixed(1)} ms`,
  );
  return helloResult;
}

export async function benchListApi(sizes: number[], log: (s: string) => void): Promise<ListBench> {
  const helloResult = await benchHelloWorld(log);
  const out: ListBench = { hello: helloResult, rows: [] };
  // Each database with the connections it is measured over: PostgreSQL over DATABASE_URL (TCP, as
  // given) and, where asked, over its Unix socket; the first connection seeds the rows they share.
  const dbs: { schema?: string; via: { name: string; env: NodeJS.ProcessEnv }[] }[] = [
    { via: [{ name: 'SQLite', env: { ...process.env, DATABASE_URL: '' } }] },
  ];
  if (process.env.DATABASE_URL) {
    const via = [{ name: 'PostgreSQL', env: process.env }];
    if (process.env.BENCH_PG_SOCKET_URL)
      via.push({ name: 'PostgreSQL socket', env: { ...process.env, DATABASE_URL: process.env.BENCH_PG_SOCKET_URL } });
    dbs.push({ schema: `bench_${crypto.randomBytes(4).toString('hex')}`, via });
  }
  for (const db of dbs) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-list-'));
    try {
      for (const n of sizes) {
        for (const workers of WORKERS) {
          for (const { name, env } of db.via) {
            const app = await startChild(['app', String(n), dataDir, ...(db.schema ? [db.schema] : [])], {
              ...env,
              WORKERS: String(workers),
            });
            const headers = { authorization: app.info.authorization!, 'x-csrf-token': app.info.csrf! };
            const aloneMs = await alone(app.info.port, '/api/resource/topic/list', LIST_BODY, headers);
            const list = await load('list', app.info.port, '/api/resource/topic/list', LIST_BODY, headers, WARM);
            const search = await load('search', app.info.port, '/api/resource/topic/list', SEARCH_BODY, headers, WARM);
            const twenty = { ...WARM, concurrency: COMPARE_CONCURRENCY };
            const atTwenty =
              workers === 1
                ? {
                    list: await load(
                      'list c=20',
                      app.info.port,
                      '/api/resource/topic/list',
                      LIST_BODY,
                      headers,
                      twenty,
                    ),
                    cheapest: await load('cheapest c=20', app.info.port, CHEAPEST_PATH, {}, headers, twenty),
                  }
                : undefined;
            await stop(app);
            out.rows.push({ db: name, n, workers, seedMs: app.info.seedMs ?? 0, aloneMs, list, search, atTwenty });
            log(
              `${name} ${n}, ${workers} process(es): seeded in ${((app.info.seedMs ?? 0) / 1000).toFixed(1)} s; alone ${aloneMs.toFixed(1)} ms; list ${list.rps.toFixed(0)} req/s p50 ${list.p50.toFixed(1)} p99 ${list.p99.toFixed(1)} (errors ${list.errors}); search ${search.rps.toFixed(0)} req/s p50 ${search.p50.toFixed(1)} p99 ${search.p99.toFixed(1)} (errors ${search.errors})`,
            );
          }
        }
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (db.schema && process.env.DATABASE_URL) {
        const { dropPgSchema } = await import('../../src/server/platform/db/database.js');
        await dropPgSchema(process.env.DATABASE_URL, db.schema);
      }
    }
  }
  return out;
}

// Run alone: `tsx scripts/bench/listApi.ts [sizes]`.
if (process.argv[1] && process.argv[1].endsWith('listApi.ts')) {
  const sizes = (process.argv[2] ?? '100000').split(',').map(Number);
  await benchListApi(sizes, (s) => console.log(s));
}
