import type { AppContext } from '../AppContext.js';
import { CONVERTIBLE, type ConversionTarget } from '../../../shared/fileTypes.js';
import { acquireLease, releaseLease } from '../jobs/lease.js';
import type { Selectable } from 'kysely';
import type { ConversionJobsTable } from '../db/rows.js';

export type ConversionState = 'queued' | 'running' | 'done' | 'failed';

export interface ConversionJob {
  md5: string;
  target: ConversionTarget;
  sourceExt: string;
  state: ConversionState;
  attempts: number;
  nextAt: number;
  outputKey: string | null;
  outputSize: number | null;
  error: string | null;
}

const leaseName = (md5: string) => `convert:${md5}`;

/** `target` and `state` hold only what this file writes: a ConversionTarget and a ConversionState. */
function toJob(row: Selectable<ConversionJobsTable>): ConversionJob {
  return {
    md5: row.md5,
    target: row.target as ConversionTarget,
    sourceExt: row.source_ext,
    state: row.state as ConversionState,
    attempts: Number(row.attempts),
    nextAt: Number(row.next_at),
    outputKey: row.output_key ?? null,
    outputSize: row.output_size == null ? null : Number(row.output_size),
    error: row.error ?? null,
  };
}

/** The job of this content, if it has one. */
export async function conversionOf(ctx: AppContext, md5: string): Promise<ConversionJob | null> {
  const row = await ctx.database.db.selectFrom('conversion_jobs').selectAll().where('md5', '=', md5).executeTakeFirst();
  return row ? toJob(row) : null;
}

/**
 * Queues the conversion of a stored content named `…ext`, once per content: an instant upload of
 * the same bytes (or the same file attached twice) finds the job, or its result, already there.
 */
export async function enqueueConversion(ctx: AppContext, md5: string, ext: string, now = Date.now()): Promise<boolean> {
  const target = CONVERTIBLE[ext];
  if (!target || !ctx.config.conversion.enabled) return false;
  await ctx.database.db
    .insertInto('conversion_jobs')
    .values({
      md5,
      target,
      source_ext: ext,
      state: 'queued',
      attempts: 0,
      next_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('md5').doNothing())
    .execute();
  return true;
}

/**
 * Takes the next job due, under its lease (jobs/lease.ts), for `leaseMs`: a queued one whose time
 * has come, or a running one whose worker died (its lease ran out). A job that has been taken up
 * `maxAttempts` times already is failed instead: it keeps killing its workers.
 */
export async function claimConversion(
  ctx: AppContext,
  holder: string,
  leaseMs: number,
  now = Date.now(),
): Promise<ConversionJob | null> {
  const db = ctx.database.db;
  const { maxAttempts } = ctx.config.conversion;
  const due = await db
    .selectFrom('conversion_jobs')
    .selectAll()
    .where((eb) => eb.or([eb.and([eb('state', '=', 'queued'), eb('next_at', '<=', now)]), eb('state', '=', 'running')]))
    .orderBy('next_at')
    .limit(20)
    .execute();
  for (const row of due) {
    if (!(await acquireLease(db, leaseName(row.md5), holder, leaseMs, now))) continue;
    // Between the read and the lease another worker may have finished it.
    const current = await conversionOf(ctx, row.md5);
    if (
      !current ||
      current.state === 'done' ||
      current.state === 'failed' ||
      (current.state === 'queued' && current.nextAt > now)
    ) {
      await releaseLease(db, leaseName(row.md5), holder);
      continue;
    }
    if (current.attempts >= maxAttempts) {
      await finishFailed(ctx, holder, current.md5, '转换多次中断，已停止重试', now);
      continue;
    }
    await db
      .updateTable('conversion_jobs')
      .set({ state: 'running', attempts: current.attempts + 1, updated_at: now })
      .where('md5', '=', current.md5)
      .execute();
    return { ...current, state: 'running', attempts: current.attempts + 1 };
  }
  return null;
}

/** Keeps the lease of a job this worker is still converting. */
export function renewConversion(ctx: AppContext, holder: string, md5: string, leaseMs: number): Promise<boolean> {
  return acquireLease(ctx.database.db, leaseName(md5), holder, leaseMs);
}

export async function finishDone(
  ctx: AppContext,
  holder: string,
  md5: string,
  outputKey: string,
  outputSize: number,
  now = Date.now(),
): Promise<void> {
  await ctx.database.db
    .updateTable('conversion_jobs')
    .set({ state: 'done', output_key: outputKey, output_size: outputSize, error: null, updated_at: now })
    .where('md5', '=', md5)
    .execute();
  await releaseLease(ctx.database.db, leaseName(md5), holder);
}

async function finishFailed(ctx: AppContext, holder: string, md5: string, reason: string, now: number): Promise<void> {
  await ctx.database.db
    .updateTable('conversion_jobs')
    .set({ state: 'failed', error: reason.slice(0, 500), updated_at: now })
    .where('md5', '=', md5)
    .execute();
  await releaseLease(ctx.database.db, leaseName(md5), holder);
}

/**
 * A failed attempt: `final` ones (the document itself is the problem: too big, too slow, not
 * convertible) and the last allowed attempt end the job with the reason; others are tried again
 * after a back-off that grows four times each attempt.
 */
export async function recordFailure(
  ctx: AppContext,
  holder: string,
  job: ConversionJob,
  reason: string,
  final: boolean,
  now = Date.now(),
): Promise<void> {
  const { maxAttempts, retryBaseMs } = ctx.config.conversion;
  if (final || job.attempts >= maxAttempts) return finishFailed(ctx, holder, job.md5, reason, now);
  await ctx.database.db
    .updateTable('conversion_jobs')
    .set({
      state: 'queued',
      error: reason.slice(0, 500),
      next_at: now + retryBaseMs * 4 ** (job.attempts - 1),
      updated_at: now,
    })
    .where('md5', '=', job.md5)
    .execute();
  await releaseLease(ctx.database.db, leaseName(job.md5), holder);
}

/** Hands a job back untouched (this process is stopping): the next worker takes it at once, the attempt not counted. */
export async function handBack(ctx: AppContext, holder: string, job: ConversionJob, now = Date.now()): Promise<void> {
  await ctx.database.db
    .updateTable('conversion_jobs')
    .set({ state: 'queued', attempts: Math.max(0, job.attempts - 1), next_at: now, updated_at: now })
    .where('md5', '=', job.md5)
    .execute();
  await releaseLease(ctx.database.db, leaseName(job.md5), holder);
}
