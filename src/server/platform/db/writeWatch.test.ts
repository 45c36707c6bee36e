import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  noteProcessWrite,
  postgresWriteWatch,
  SESSION_END_ACK_CHANNEL,
  SESSION_END_CHANNEL,
  sqliteWriteWatch,
  SQLITE_WATCH_FRESH_MS,
  WRITE_CHANNEL,
} from './writeWatch.js';

/** Clients that record what they were sent: the watch's whole contract with pg. `refuse` says which (0-based) fail to connect. */
function fakeClients(refuse: (n: number) => boolean = () => false) {
  const made: (EventEmitter & { sent: string[]; ended: boolean })[] = [];
  const connect = () => {
    const c = Object.assign(new EventEmitter(), { sent: [] as string[], ended: false });
    const n = made.length;
    Object.assign(c, {
      connect: async () => {
        if (refuse(n)) throw new Error('refused');
      },
      query: async (text: string) => {
        c.sent.push(text);
        return { rows: [] };
      },
      end: async () => {
        c.ended = true;
      },
    });
    made.push(c);
    return c as unknown as pg.Client;
  };
  const notify = (payload: string) => made.at(-1)!.emit('notification', { channel: WRITE_CHANNEL, payload });
  return { made, connect, notify };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('postgresWriteWatch', () => {
  it('counts the commits notified for its own schema, per table', async () => {
    const { made, connect, notify } = fakeClients();
    const watch = await postgresWriteWatch(connect, 't_1');
    expect(made[0].sent).toEqual([
      `LISTEN ${WRITE_CHANNEL}; LISTEN ${SESSION_END_CHANNEL}; LISTEN ${SESSION_END_ACK_CHANNEL}`,
    ]);
    const topic = watch.version('rec_topic');
    const meeting = watch.version('rec_meeting');
    notify('t_1.rec_topic');
    notify('t_1.rec_topic');
    notify('t_2.rec_topic');
    notify('t_1.rec_meeting');
    expect(watch.version('rec_topic')).toBe(topic + 2);
    expect(watch.version('rec_meeting')).toBe(meeting + 1);
    expect(watch.version('rec_other')).toBe(topic);
    await watch.close();
    expect(made[0].ended).toBe(true);
  });

  it('trusts nothing while its connection is down, and listens again', async () => {
    vi.useFakeTimers();
    // The first try to listen again is refused too: it tries once more.
    const { made, connect, notify } = fakeClients((n) => n === 1);
    const errors: unknown[] = [];
    const watch = await postgresWriteWatch(connect, 'public', (e) => errors.push(e));
    notify('public.rec_topic');
    const before = watch.version('rec_topic');
    made[0].emit('error', new Error('terminating connection due to administrator command'));
    const a = watch.version('rec_topic');
    const b = watch.version('rec_topic');
    expect(a).not.toBe(b);
    expect(a).toBeLessThan(0);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(made).toHaveLength(2);
    expect(watch.version('rec_topic')).toBeLessThan(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(made).toHaveLength(3);
    expect(errors).toHaveLength(2);
    expect(made[2].sent).toEqual([
      `LISTEN ${WRITE_CHANNEL}; LISTEN ${SESSION_END_CHANNEL}; LISTEN ${SESSION_END_ACK_CHANNEL}`,
    ]);
    // Writes while nobody listened went unnoticed: nothing kept before the break holds after it.
    const after = watch.version('rec_topic');
    expect(after).not.toBe(before);
    notify('public.rec_topic');
    expect(watch.version('rec_topic')).toBe(after + 1);
    await watch.close();
  });

  it('fails to open when it cannot listen, and leaves nothing trying', async () => {
    vi.useFakeTimers();
    const { made, connect } = fakeClients(() => true);
    await expect(postgresWriteWatch(connect, 'public')).rejects.toThrow('refused');
    made[0].emit('end');
    await vi.advanceTimersByTimeAsync(5000);
    expect(made).toHaveLength(1);
  });
});

describe('sqliteWriteWatch', () => {
  it("sees another connection's commit once a read has stood its time, or at once after a write of this process", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'watch-'));
    const open = () => {
      const c = new SQLite(path.join(dir, 'w.sqlite'));
      c.pragma('journal_mode = WAL');
      return c;
    };
    const mine = open();
    mine.exec('create table t (v integer)');
    const theirs = open();
    try {
      const watch = sqliteWriteWatch(mine);
      const start = watch.version('t');
      theirs.exec('insert into t values (1)');
      // Read just now: the same read stands.
      const soon = watch.version('t');
      await new Promise((r) => setTimeout(r, SQLITE_WATCH_FRESH_MS + 2));
      const later = watch.version('t');
      expect(later).not.toBe(start);
      expect([start, later]).toContain(soon);
      theirs.exec('insert into t values (2)');
      noteProcessWrite();
      expect(watch.version('t')).not.toBe(later);
      // Its own commits never move it.
      const now = watch.version('t');
      mine.exec('insert into t values (3)');
      await new Promise((r) => setTimeout(r, SQLITE_WATCH_FRESH_MS + 2));
      expect(watch.version('t')).toBe(now);
    } finally {
      mine.close();
      theirs.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks SQLite once for the calls within its time, and again after a write of this process', () => {
    const raw = new SQLite(':memory:');
    let reads = 0;
    const stmt = raw.prepare('pragma data_version').pluck();
    const counted = {
      prepare: () => ({
        pluck: () => ({
          get: () => {
            reads++;
            return stmt.get();
          },
        }),
      }),
    } as unknown as SQLite.Database;
    let clock = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    try {
      const watch = sqliteWriteWatch(counted);
      reads = 0;
      clock += 5;
      watch.version('a');
      watch.version('b');
      clock += SQLITE_WATCH_FRESH_MS / 2;
      watch.version('a');
      expect(reads).toBe(1);
      noteProcessWrite();
      watch.version('a');
      expect(reads).toBe(2);
      clock += SQLITE_WATCH_FRESH_MS;
      watch.version('a');
      expect(reads).toBe(3);
    } finally {
      vi.restoreAllMocks();
      raw.close();
    }
  });
});
