import crypto from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/tables.js';

/** A name for this server process (and app instance), as lease holder. */
export function newHolderName(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
}

/**
 * Takes the job's lease for `ttlMs` when nobody holds it (or it ran out, or `holder` has it
 * already). One upsert statement, so of several processes asking at once exactly one gets it: the
 * others' conflicting insert updates nothing while the lease is alive and someone else's.
 */
export async function acquireLease(
  db: Db,
  name: string,
  holder: string,
  ttlMs: number,
  now = Date.now(),
): Promise<boolean> {
  const expiresAt = now + ttlMs;
  await db
    .insertInto('job_lease')
    .values({ name, holder, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: expiresAt })
        .where((eb) => eb.or([eb('job_lease.expires_at', '<', now), eb('job_lease.holder', '=', holder)])),
    )
    .execute();
  const row = await db.selectFrom('job_lease').select('holder').where('name', '=', name).executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the lease back early (only the holder can), so the next run need not wait for it to run out. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db
    .updateTable('job_lease')
    .set({ expires_at: 0 })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
