import type { AppContext } from '../../platform/AppContext.js';
import { acquireLease, releaseLease } from '../../platform/jobs/lease.js';
import { jobHolder } from '../../platform/jobs/schedule.js';
import { tableName } from '../../platform/records/entityPlan.js';
import { indexRecord } from './indexer.js';
import { SOURCES } from './sources.js';
import { entityTables } from '../../platform/db/tables.js';

/**
 * The queue of records whose documents are to be (re)indexed, worked the way the conversion
 * queue is: a row per record in the database, each taken under a job lease, so any number of
 * server processes share it and a record is indexed by one at a time. A record waiting on a
 * file's conversion comes back every RETRY_MS; after MAX_ATTEMPTS it is indexed without it.
 */
const RETRY_MS = 30_000;
const MAX_ATTEMPTS = 40;
const LEASE_MS = 5 * 60_000;

const leaseName = (entity: string, id: number) => `similarity:${entity}:${id}`;

export async function enqueueIndex(ctx: AppContext, entity: string, id: number, now = Date.now()): Promise<void> {
  await ctx.database.db
    .insertInto('similarity_queue')
    .values({ entity, record_id: id, attempts: 0, next_at: now })
    .onConflict((oc) => oc.columns(['entity', 'record_id']).doUpdateSet({ next_at: now, attempts: 0 }))
    .execute();
}

/**
 * Queues every record of the indexed entities once, when the index and the queue are both empty
 * (a portal that had records before the duplicate check came, or a fresh demo seed).
 */
export async function backfillOnce(ctx: AppContext, now = Date.now()): Promise<number> {
  const db = ctx.database.db;
  const any = async (t: 'similarity_docs' | 'similarity_queue') =>
    !!(await db
      .selectFrom(t)
      .select(db.fn.countAll().as('n'))
      .limit(1)
      .executeTakeFirst()
      .then((r) => Number(r?.n)));
  if ((await any('similarity_docs')) || (await any('similarity_queue'))) return 0;
  let n = 0;
  for (const s of SOURCES) {
    const entity = ctx.schemas.entities.get(s.entity);
    if (!entity) continue;
    const ids = (await entityTables(db).selectFrom(tableName(entity)).select('id').orderBy('id').execute()).map((r) =>
      Number(r.id),
    );
    for (let i = 0; i < ids.length; i += 500)
      await db
        .insertInto('similarity_queue')
        .values(ids.slice(i, i + 500).map((id) => ({ entity: s.entity, record_id: id, attempts: 0, next_at: now })))
        .onConflict((oc) => oc.columns(['entity', 'record_id']).doNothing())
        .execute();
    n += ids.length;
  }
  return n;
}

/** Works off what is due now, in this process; answers how many records it indexed. */
export async function workQueue(ctx: AppContext, holder = jobHolder(ctx), max = 50, now = Date.now()): Promise<number> {
  const db = ctx.database.db;
  const due = await db
    .selectFrom('similarity_queue')
    .selectAll()
    .where('next_at', '<=', now)
    .orderBy('next_at')
    .limit(max)
    .execute();
  let done = 0;
  for (const row of due) {
    const entity = String(row.entity);
    const id = Number(row.record_id);
    const lease = leaseName(entity, id);
    if (!(await acquireLease(db, lease, holder, LEASE_MS))) continue;
    const attempts = Number(row.attempts) + 1;
    const claimedAt = Number(row.next_at);
    try {
      const state = await indexRecord(ctx, entity, id);
      // A save while it ran queued it again (next_at moved): then it stays for the next turn.
      const finished = state === 'done' || attempts >= MAX_ATTEMPTS;
      if (finished)
        await db
          .deleteFrom('similarity_queue')
          .where('entity', '=', entity)
          .where('record_id', '=', id)
          .where('next_at', '=', claimedAt)
          .execute();
      else
        await db
          .updateTable('similarity_queue')
          .set({ attempts, next_at: Date.now() + RETRY_MS, error: null })
          .where('entity', '=', entity)
          .where('record_id', '=', id)
          .where('next_at', '=', claimedAt)
          .execute();
      done++;
    } catch (e) {
      ctx.log.error({ err: e, entity, id }, 'similarity indexing failed');
      await db
        .updateTable('similarity_queue')
        .set({ attempts, next_at: Date.now() + RETRY_MS * attempts, error: String((e as Error).message).slice(0, 500) })
        .where('entity', '=', entity)
        .where('record_id', '=', id)
        .execute();
    } finally {
      await releaseLease(db, lease, holder);
    }
  }
  return done;
}

/** Whether this process indexes: as the conversion worker, unless SIMILARITY says on or off. */
export function similarityWorkerOn(ctx: AppContext): boolean {
  const flag = process.env.SIMILARITY;
  if (flag === 'off') return false;
  if (flag === 'on') return true;
  return ctx.config.conversion.worker;
}

/** Works the queue every poll of the conversion queue's while the server runs; answers its stop. */
export function startIndexWorker(ctx: AppContext): () => void {
  if (!similarityWorkerOn(ctx)) return () => undefined;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    workQueue(ctx)
      .catch((e) => ctx.log.error({ err: e }, 'similarity queue poll failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(() => {
    backfillOnce(ctx)
      .then(tick)
      .catch((e) => ctx.log.error({ err: e }, 'similarity backfill failed'));
  }, 0);
  const timer = setInterval(tick, ctx.config.conversion.pollMs);
  timer.unref();
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/**
 * Indexes a queued record at once (a report asked for before the worker came to it: an
 * applicant's draft just saved); answers whether it still waits on a file's conversion.
 */
export async function indexNowIfQueued(ctx: AppContext, entity: string, id: number): Promise<boolean> {
  const db = ctx.database.db;
  const row = await db
    .selectFrom('similarity_queue')
    .select(['next_at', 'attempts'])
    .where('entity', '=', entity)
    .where('record_id', '=', id)
    .executeTakeFirst();
  if (!row) return false;
  const holder = jobHolder(ctx);
  const lease = leaseName(entity, id);
  // Another process is indexing it right now: the report shows what the index holds so far.
  if (!(await acquireLease(db, lease, holder, LEASE_MS))) return true;
  try {
    const state = await indexRecord(ctx, entity, id);
    if (state === 'done')
      await db
        .deleteFrom('similarity_queue')
        .where('entity', '=', entity)
        .where('record_id', '=', id)
        .where('next_at', '=', Number(row.next_at))
        .execute();
    return state === 'pending';
  } finally {
    await releaseLease(db, lease, holder);
  }
}
