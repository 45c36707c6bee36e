import type { AppContext } from '../../platform/AppContext.js';

const running = new WeakMap<AppContext, Set<Promise<void>>>();

/** Runs `work` on the next turn of the event loop, its failure logged; `settled` waits for all of them. */
export function later(ctx: AppContext, work: () => Promise<unknown>): void {
  let set = running.get(ctx);
  if (!set) running.set(ctx, (set = new Set()));
  const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (err) => ctx.log.error({ err }, 'similarity queueing failed'),
    )
    .finally(() => set.delete(p));
  set.add(p);
}

/** Waits for the work `later` has started (tests and the bench, before they read the queue). */
export async function settled(ctx: AppContext): Promise<void> {
  while (running.get(ctx)?.size) await Promise.all([...running.get(ctx)!]);
}
