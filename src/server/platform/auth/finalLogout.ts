import type { Database } from '../db/database.js';
import { SQLITE_WATCH_FRESH_MS } from '../db/writeWatch.js';
import { endSession } from './sessions.js';

/** Longest a logout waits for the other processes' answers (one that hangs cannot hold logouts up). */
const ANSWER_WAIT_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Ends a session so that no server process accepts its token once the logout has answered. Other
 * processes keep sessions in memory (auth/sessionCache.ts) until they learn of the write:
 * - SQLite: a process reads the file's data_version at most SQLITE_WATCH_FRESH_MS after a commit,
 *   so the logout answers that long after its commit.
 * - PostgreSQL: the delete commits together with a notification to every process's listening
 *   connection; each drops its kept sessions and answers, and the logout answers when all that
 *   listen have (db/writeWatch.ts). A process whose listener is down trusts no kept session anyway;
 *   one that does not answer within ANSWER_WAIT_MS (its event loop stuck) is waited for no longer.
 */
export async function endSessionEverywhere(database: Database, tokenHash: string): Promise<void> {
  const everywhere = database.watch.endSessionsEverywhere;
  if (database.dialect === 'postgres' && everywhere) {
    await everywhere.call(database.watch, database.db, (trx) => endSession(trx, tokenHash), ANSWER_WAIT_MS);
    return;
  }
  await endSession(database.db, tokenHash);
  await sleep(SQLITE_WATCH_FRESH_MS + 1);
}
