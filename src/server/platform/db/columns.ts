import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from './database.js';

/**
 * Column helpers so one migration serves both dialects.
 * Conventions: ids are auto-increment integers, times are epoch milliseconds (bigint),
 * JSON is stored as text, booleans as 0/1 integers.
 */
export function withId<T extends string>(
  table: CreateTableBuilder<T, any>,
  dialect: Dialect,
): CreateTableBuilder<T, any> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const TIME = 'bigint' as const;
export const JSON_TEXT = 'text' as const;
