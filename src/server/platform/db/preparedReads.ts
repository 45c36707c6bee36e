import crypto from 'node:crypto';
import type pg from 'pg';

/** Named statements a connection keeps at most; further reads run unnamed (parsed and planned each time). */
export const MAX_NAMED_PER_CONNECTION = 1000;
const READ = /^\s*select\b/i;
/** feature_not_supported: "cached plan must not change result type" (a table the statement reads gained a column). */
const PLAN_CHANGED = '0A000';

type Query = (...args: unknown[]) => Promise<unknown>;

/** Statement names by text: the texts are few (list queries are compiled once per shape) and long. */
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = crypto.createHash('sha1').update(text).digest('hex');
    if (names.size >= 10 * MAX_NAMED_PER_CONNECTION) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * PostgreSQL parses and plans every unnamed statement anew: the list's page query took as long to
 * plan as to run. Reads (`select`) sent with parameters go as named statements instead,
 * prepared once per connection and reused (the name is a hash of the text, so one text has one
 * name), which lets the server keep their plans. Kysely sends every query as `query(text, values)`;
 * anything else (a cursor, a callback, a write) goes through untouched.
 *
 * A table that gains a column (an analyst's new field made a column) makes a kept `select *` fail
 * once; the read is then sent unnamed and the connection starts a new generation of names.
 * Connection poolers in transaction mode (PgBouncer before 1.21) cannot keep named statements:
 * `PG_PREPARE=off` turns this off.
 */
export function preparedReads(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as unknown as Query;
    const named = new Set<string>();
    let generation = 0;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || !READ.test(text))
        return query(...args);
      const name = `r${generation}_${nameOf(text)}`;
      if (!named.has(name)) {
        if (named.size >= MAX_NAMED_PER_CONNECTION) return query(text, values);
        named.add(name);
      }
      return query({ name, text, values }).catch((err: { code?: string }) => {
        if (err?.code !== PLAN_CHANGED) throw err;
        generation++;
        named.clear();
        return query(text, values);
      });
    };
  });
  return pool;
}
