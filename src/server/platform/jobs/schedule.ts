import type { AppContext } from '../AppContext.js';
import { acquireLease, newHolderName } from './lease.js';

const holders = new WeakMap<AppContext, string>();

/** This app instance's name as lease holder (one per process, or per app in tests). */
export function jobHolder(ctx: AppContext): string {
  let h = holders.get(ctx);
  if (!h) holders.set(ctx, (h = newHolderName()));
  return h;
}

/**
 * Whether `holder` runs this period's turn of a job that every server process schedules every
 * `periodMs`: the first to ask takes the lease for the period (less a twentieth, so its own next
 * tick, a little late, finds it free again) and keeps it; the others' ticks in that period find it
 * held and skip. A holder that dies loses its turn when the lease runs out. So across processes
 * the job runs once per period, not once per process.
 */
export async function claimTurn(
  ctx: AppContext,
  name: string,
  periodMs: number,
  now = Date.now(),
  holder = jobHolder(ctx),
): Promise<boolean> {
  return acquireLease(ctx.database.db, `${name}:turn`, holder, Math.max(1, periodMs - Math.floor(periodMs / 20)), now);
}

/**
 * Runs `job` every `everyMs` (0: never) in this process when it has the period's turn
 * (claimTurn); a run still going when the next tick comes is not started twice. Answers a stop.
 */
export function scheduleJob(ctx: AppContext, name: string, everyMs: number, job: () => Promise<unknown>): () => void {
  if (!everyMs) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    claimTurn(ctx, name, everyMs)
      .then((mine) => (mine ? job() : undefined))
      .catch((e) => ctx.log.error({ err: e, job: name }, 'scheduled job failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
