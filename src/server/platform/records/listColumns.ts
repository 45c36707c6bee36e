import { sql, type RawBuilder } from 'kysely';
import type { EntityDef } from '../../../shared/schema/types.js';
import type { Dialect } from '../db/database.js';
import { planOf } from './entityPlan.js';

/** The columns a list reads: all, or the system columns and only the named fields' values. */
export function listColumns(
  dialect: Dialect,
  entity: EntityDef,
  fields: readonly string[] | undefined,
): RawBuilder<unknown> {
  if (!fields) return sql`*`;
  const plan = planOf(entity);
  const cols = Object.values(plan.system).map((c) => sql.ref(c));
  // A status with no column of its own is read from the columns that make it.
  for (const column of plan.statusColumns) cols.push(sql.ref(column));
  const asked = new Set(fields);
  const left: string[] = [];
  for (const s of plan.layout) {
    if (s.kind === 'column') {
      if (asked.has(s.field)) cols.push(sql.ref(s.column));
    } else if (!asked.has(s.field)) left.push(s.field);
  }
  // The JSON without the fields nobody asked for (big texts stay in the database), in one pass
  // over it: picking the asked ones out parsed it once per field, and on PostgreSQL one `- 'f'` per
  // field copied the whole value each time (one `- text[]` copies it once).
  // A fixed table has no JSON data: each field is its own column.
  if (entity.storage) return sql.join(cols);
  const data = !left.length
    ? sql.ref('data')
    : dialect === 'sqlite'
      ? sql`json_remove(${sql.ref('data')}, ${sql.join(left.map((f) => sql.lit(`$.${f}`)))})`
      : sql`(${sql.ref('data')}::jsonb - array[${sql.join(left.map((f) => sql.lit(f)))}]::text[])::text`;
  return sql`${sql.join(cols)}, ${data} as data`;
}
