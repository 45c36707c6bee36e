import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MAX_NAMED_PER_CONNECTION, preparedReads } from './preparedReads.js';

/** A pool that hands out one client whose query records what it was sent (the wrapper's whole contract with pg). */
function fakeConnection(fail?: (sent: unknown[]) => { code: string } | undefined) {
  const sent: unknown[][] = [];
  const client = {
    query: (...args: unknown[]) => {
      sent.push(args);
      const err = fail?.(args);
      return err ? Promise.reject(err) : Promise.resolve({ rows: [] });
    },
  };
  const pool = new EventEmitter() as unknown as pg.Pool;
  preparedReads(pool);
  (pool as unknown as EventEmitter).emit('connect', client);
  return { sent, query: client.query as (...args: unknown[]) => Promise<unknown> };
}

describe('preparedReads', () => {
  it('sends a read as a named statement, one name per text', async () => {
    const { sent, query } = fakeConnection();
    await query('select * from t where id = $1', [1]);
    await query('select * from t where id = $1', [2]);
    await query('select * from u where id = $1', [1]);
    const [a, b, c] = sent.map((s) => s[0] as { name: string; text: string; values: unknown[] });
    expect(a).toMatchObject({ text: 'select * from t where id = $1', values: [1] });
    expect(a.name).toMatch(/^r0_[0-9a-f]{40}$/);
    expect(b.name).toBe(a.name);
    expect(b.values).toEqual([2]);
    expect(c.name).not.toBe(a.name);
  });

  it('leaves writes, transactions and other calls as they are', async () => {
    const { sent, query } = fakeConnection();
    await query('insert into t (n) values ($1)', [1]);
    await query('begin', []);
    const cursor = { submit: () => undefined };
    await query(cursor);
    expect(sent).toEqual([['insert into t (n) values ($1)', [1]], ['begin', []], [cursor]]);
  });

  it('reads once unnamed when a kept plan no longer fits the table, then names anew', async () => {
    let broken = true;
    const { sent, query } = fakeConnection((args) => {
      const q = args[0] as { name?: string };
      if (broken && typeof q === 'object' && q.name?.startsWith('r0_')) {
        broken = false;
        return { code: '0A000' };
      }
      return undefined;
    });
    await query('select * from t', []);
    expect(typeof sent[1][0]).toBe('string'); // the retry, unnamed
    await query('select * from t', []);
    expect((sent[2][0] as { name: string }).name).toMatch(/^r1_/);
  });

  it('passes other errors on', async () => {
    const { query } = fakeConnection(() => ({ code: '42P01' }));
    await expect(query('select * from missing', [])).rejects.toMatchObject({ code: '42P01' });
  });

  it('keeps at most a bounded number of names per connection', async () => {
    const { sent, query } = fakeConnection();
    for (let i = 0; i <= MAX_NAMED_PER_CONNECTION; i++) await query(`select ${i}`, []);
    expect(typeof sent[MAX_NAMED_PER_CONNECTION - 1][0]).toBe('object');
    expect(sent[MAX_NAMED_PER_CONNECTION]).toEqual([`select ${MAX_NAMED_PER_CONNECTION}`, []]);
  });
});
