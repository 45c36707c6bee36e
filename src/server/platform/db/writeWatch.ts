import type SQLite from 'better-sqlite3';
import crypto from 'node:crypto';
import type pg from 'pg';
import { sql } from 'kysely';
import type { Db } from './tables.js';

/**
 * Commits made to the database by others: another server process (WORKERS > 1, or several
 * instances behind a load balancer) or SQL run outside the app. Answers kept in memory (the
 * table cache's totals) compare `version(table)` before and after, so they stay exact however many
 * processes write.
 */
export interface WriteWatch {
  /** Grows with every commit by others that touched `table` (or any table, where the database cannot say which). */
  version(table: string): number;
  /** False where the database cannot say which table was written: every table has the same version. */
  readonly perTable: boolean;
  /**
   * PostgreSQL: runs `write` (which ends sessions) in a transaction that also tells every server
   * process on this schema to drop its kept sessions, and resolves once each listening process has
   * answered that it did (true), or after `timeoutMs` (false).
   */
  endSessionsEverywhere?(db: Db, write: (trx: Db) => Promise<void>, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Writes by any connection of this process (TableVersions.note), which a kept data_version read does not outlive. */
let processWrites = 0;
export function noteProcessWrite(): void {
  processWrites++;
}

/** How long a data_version read stands for the next ones: other processes' commits are seen this much later. */
export const SQLITE_WATCH_FRESH_MS = 1;

/**
 * SQLite: `PRAGMA data_version` changes on this connection whenever another connection (another
 * process included) commits to the file, and never for its own commits. A prepared read of it is
 * not free (it takes and drops a lock on the WAL index), and a list call asked it three times (the
 * session, the total, the rules' facts), so a read stands for SQLITE_WATCH_FRESH_MS unless this
 * process wrote meanwhile: another process's commit is then seen up to a millisecond later, where
 * PostgreSQL's notification takes a few. Another connection in this process (tests) moves it at
 * once. SQLite cannot say which table was written, so every table moves together.
 */
export function sqliteWriteWatch(raw: SQLite.Database): WriteWatch {
  const read = raw.prepare('pragma data_version').pluck();
  let seen = read.get() as number;
  let changes = 0;
  let readAt = performance.now();
  let readWrites = processWrites;
  return {
    perTable: false,
    version() {
      const at = performance.now();
      if (at - readAt < SQLITE_WATCH_FRESH_MS && readWrites === processWrites) return changes;
      readAt = at;
      readWrites = processWrites;
      const now = read.get() as number;
      if (now !== seen) {
        seen = now;
        changes++;
      }
      return changes;
    },
    async close() {},
  };
}

/** The channel entity tables' triggers notify on (see PG_WRITE_TRIGGER), with "schema.table" as payload. */
export const WRITE_CHANNEL = 'portal_table_write';

/**
 * PostgreSQL: each entity table has a statement trigger that notifies WRITE_CHANNEL, which the
 * server delivers when the writing transaction commits; one connection per process listens. While
 * that connection is down nobody can tell what changed, so every call answers a new version (no
 * kept answer is trusted) until it is back.
 */
/** A logout's order to drop kept sessions ("schema:nonce"), and each process's answer that it did. */
export const SESSION_END_CHANNEL = 'portal_session_end';
export const SESSION_END_ACK_CHANNEL = 'portal_session_end_ack';

/** application_name of the listening connection of a process working in `schema`: counted by a logout. */
export function watchConnectionName(schema: string): string {
  return `portal watch ${schema}`.slice(0, 63);
}

export async function postgresWriteWatch(
  connect: () => pg.Client,
  schema: string,
  log: (error: unknown) => void = () => {},
): Promise<WriteWatch> {
  const perTable = new Map<string, number>();
  const acks = new Map<string, { need: number; got: number; done: () => void }>();
  let unsure = 0;
  /** Connections listened on so far: what was missed between two is unknown, so each starts a new range of versions. */
  let epoch = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;

  const retry = () => {
    setTimeout(() => {
      if (!closed)
        listen().catch((error) => {
          if (!closed) {
            log(error);
            retry();
          }
        });
    }, 1000).unref();
  };

  const listen = async (): Promise<void> => {
    const c = connect();
    client = c;
    /** Forgets this connection once (an error and its end both come); false when it was forgotten already. */
    const drop = (): boolean => {
      if (client !== c) return false;
      listening = false;
      client = undefined;
      c.removeAllListeners('notification');
      void c.end().catch(() => {});
      return true;
    };
    c.on('notification', (msg) => {
      const payload = msg.payload ?? '';
      if (msg.channel === SESSION_END_CHANNEL) {
        if (!payload.startsWith(`${schema}:`)) return;
        // Kept sessions are dropped (their version moves) before the answer goes out.
        perTable.set('app_sessions', (perTable.get('app_sessions') ?? 0) + 1);
        c.query('select pg_notify($1, $2)', [SESSION_END_ACK_CHANNEL, payload]).catch(() => {});
        return;
      }
      if (msg.channel === SESSION_END_ACK_CHANNEL) {
        const waiting = acks.get(payload);
        if (waiting && ++waiting.got >= waiting.need) waiting.done();
        return;
      }
      const dot = payload.indexOf('.');
      if (payload.slice(0, dot) !== schema) return;
      const table = payload.slice(dot + 1);
      perTable.set(table, (perTable.get(table) ?? 0) + 1);
    });
    c.on('error', (error) => {
      if (drop() && !closed) {
        log(error);
        retry();
      }
    });
    c.on('end', () => {
      if (drop() && !closed) retry();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${WRITE_CHANNEL}; LISTEN ${SESSION_END_CHANNEL}; LISTEN ${SESSION_END_ACK_CHANNEL}`);
    } catch (error) {
      drop();
      throw error;
    }
    epoch++;
    listening = true;
  };

  try {
    await listen();
  } catch (error) {
    closed = true;
    throw error;
  }
  return {
    perTable: true,
    version(table) {
      // Negative, and new each call: never the version an answer was kept under.
      if (!listening) return -++unsure;
      return epoch * 2 ** 32 + (perTable.get(table) ?? 0);
    },
    async endSessionsEverywhere(db, write, timeoutMs) {
      const payload = `${schema}:${crypto.randomBytes(8).toString('hex')}`;
      // Every process listening on this schema answers, this one included.
      const listeners = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where application_name = ${watchConnectionName(schema)}`.execute(
        db,
      );
      const need = listeners.rows[0]?.n ?? 0;
      let timer: NodeJS.Timeout | undefined;
      const answered = new Promise<boolean>((resolve) => {
        acks.set(payload, { need, got: 0, done: () => resolve(true) });
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        await db.transaction().execute(async (trx) => {
          await write(trx);
          await sql`select pg_notify(${SESSION_END_CHANNEL}, ${payload})`.execute(trx);
        });
        return need === 0 ? true : await answered;
      } finally {
        clearTimeout(timer);
        acks.delete(payload);
      }
    },
    async close() {
      closed = true;
      const c = client;
      client = undefined;
      listening = false;
      await c?.end().catch(() => {});
    },
  };
}

/** The trigger function entity tables call after each write statement (PostgreSQL). */
export const PG_WRITE_FUNCTION = `CREATE OR REPLACE FUNCTION portal_notify_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${WRITE_CHANNEL}', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
  RETURN NULL;
END $$`;
