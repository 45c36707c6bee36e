import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedStatements } from './statementCache.js';

let raw: SQLite.Database;
afterEach(() => {
  if (raw?.open) raw.close();
});

describe('cachedStatements', () => {
  it('prepares a text once and hands the same statement back', () => {
    raw = new SQLite(':memory:');
    const source = cachedStatements(raw);
    const a = source.prepare('select 1 as x');
    expect(source.prepare('select 1 as x')).toBe(a);
    expect(source.prepare('select 2 as x')).not.toBe(a);
  });

  it('keeps only the most recently used texts', () => {
    raw = new SQLite(':memory:');
    const source = cachedStatements(raw, 2);
    const one = source.prepare('select 1');
    source.prepare('select 2');
    source.prepare('select 1'); // used again: now the newest
    source.prepare('select 3'); // drops 'select 2', the least recently used
    expect(source.prepare('select 1')).toBe(one);
    const two = source.prepare('select 2');
    expect(source.prepare('select 2')).toBe(two);
  });

  it('gives a statement still being iterated to no one else', () => {
    raw = new SQLite(':memory:');
    raw.exec('create table t (n integer); insert into t values (1), (2), (3)');
    const source = cachedStatements(raw);
    const first = source.prepare('select n from t order by n');
    const rows = first.iterate();
    expect(rows.next().value).toEqual({ n: 1 });
    const second = source.prepare('select n from t order by n');
    expect(second).not.toBe(first);
    expect(second.all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('serves Kysely, and a kept select sees a column added after it was prepared', async () => {
    raw = new SQLite(':memory:');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: cachedStatements(raw) }) });
    await sql`create table t (id integer primary key, a text)`.execute(db);
    await db.insertInto('t').values({ id: 1, a: 'x' }).execute();
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, a: 'x' }]);
    await sql`alter table t add column b text default 'y'`.execute(db);
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, a: 'x', b: 'y' }]);
    await db.destroy();
    expect(raw.open).toBe(false);
  });
});

describe('rows read as values and named once', () => {
  it('answers the same objects as better-sqlite3, iterated too, last of a repeated name winning', () => {
    raw = new SQLite(':memory:');
    raw.exec(
      "create table t (id integer primary key, a text, b real); insert into t values (1, 'x', 1.5), (2, null, null)",
    );
    const source = cachedStatements(raw);
    const text = 'select id, a, b as c, a as id, count(*) over () as n from t where id >= ? order by id';
    expect(source.prepare(text).all(1)).toEqual(raw.prepare(text).all(1));
    expect([...source.prepare(text).iterate([1])]).toEqual(raw.prepare(text).all(1));
    expect(source.prepare('insert into t (a) values (?) returning id, a').all('z')).toEqual([{ id: 3, a: 'z' }]);
  });

  it('keeps reading names from the table where the text has a * that is not count(*)', () => {
    raw = new SQLite(':memory:');
    raw.exec("create table t (id integer primary key, a text); insert into t values (1, 'x')");
    const source = cachedStatements(raw);
    const texts = ['select * from t', 'select t.* from t', 'select id * 2 as d, a from t', 'select /* a */ id from t'];
    for (const text of texts) source.prepare(text).all();
    const counted = source.prepare('select count( * ) as n from t');
    raw.exec("alter table t add column b text default 'y'");
    expect(source.prepare('select * from t').all()).toEqual([{ id: 1, a: 'x', b: 'y' }]);
    expect(source.prepare('select t.* from t').all()).toEqual([{ id: 1, a: 'x', b: 'y' }]);
    expect(source.prepare('select id * 2 as d, a from t').all()).toEqual([{ d: 2, a: 'x' }]);
    expect(counted.all()).toEqual([{ n: 1 }]);
  });
});
