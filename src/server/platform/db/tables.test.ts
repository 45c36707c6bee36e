import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPgSchema, openDatabase, type Database } from './database.js';
import { migrateToLatest } from './migrate.js';
import { syncEntityTables } from '../records/entityTables.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const url = process.env.DATABASE_URL;
const pgSchema = url ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tables-'));
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: url ?? '', dataDir, pgSchema });
  await migrateToLatest(database);
});
afterAll(async () => {
  await database?.close();
  if (url && pgSchema) await dropPgSchema(url, pgSchema);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A column as both sides can say it: "table.column kind[ null][ generated]". */
const column = (table: string, name: string, kind: string, nullable: boolean, generated: boolean) =>
  `${table}.${name} ${kind}${nullable ? ' null' : ''}${generated ? ' generated' : ''}`;

/** What tables.ts and rows.ts declare, read from their source in the vocabulary tables.ts states. */
function declared(sources = ['tables.ts', 'rows.ts'].map((f) => fs.readFileSync(path.join(here, f), 'utf8'))) {
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  for (const text of sources) {
    const source = ts.createSourceFile('tables.ts', text, ts.ScriptTarget.ES2022, true);
    for (const node of source.statements) if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  }
  const props = (i: ts.InterfaceDeclaration) =>
    i.members.filter(ts.isPropertySignature).map((m) => [(m.name as ts.Identifier).text, m.type!.getText()] as const);
  return props(interfaces.get('Tables')!).flatMap(([table, rowName]) =>
    props(interfaces.get(rowName)!).map(([name, type]) => {
      const generated = /^Generated<(.*)>$/.exec(type);
      const parts = (generated ? generated[1] : type).split('|').map((p) => p.trim());
      const kind = parts.filter((p) => p !== 'null');
      if (kind.length !== 1 || !['number', 'string', 'Buffer'].includes(kind[0]))
        throw new Error(`${rowName}.${name}: ${type} is outside the vocabulary of tables.ts`);
      return column(table, name, kind[0], parts.includes('null'), !!generated);
    }),
  );
}

const KINDS: Record<string, string> = {
  integer: 'number',
  bigint: 'number',
  real: 'number',
  varchar: 'string',
  'character varying': 'string',
  text: 'string',
  blob: 'Buffer',
  bytea: 'Buffer',
};
const kindOf = (type: string) => KINDS[type.toLowerCase().replace(/\(.*\)$/, '')] ?? `unknown type ${type}`;

/** The columns of every table the migrations made, as the database itself describes them. */
async function migrated(): Promise<string[]> {
  const { db } = database;
  const ours = (t: string) => !t.startsWith('kysely_migration') && !t.startsWith('sqlite_');
  if (database.dialect === 'postgres') {
    const rows = await sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
    }>`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
       where table_schema = current_schema()`.execute(db);
    return rows.rows
      .filter((c) => ours(c.table_name))
      .map((c) =>
        column(c.table_name, c.column_name, kindOf(c.data_type), c.is_nullable === 'YES', c.column_default !== null),
      );
  }
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  const out: string[] = [];
  for (const { name: table } of tables.rows.filter((t) => ours(t.name))) {
    const cols = await sql<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>`select name, type, "notnull", dflt_value, pk from pragma_table_info(${table})`.execute(db);
    const keys = cols.rows.filter((c) => c.pk > 0).length;
    // A column an insert trigger fills (update <table> set <column> = …) is the database's to number,
    // as a default is on PostgreSQL (migration 194's dictionary type ids).
    const triggers = await sql<{
      sql: string;
    }>`select sql from sqlite_master where type = 'trigger' and tbl_name = ${table}`.execute(db);
    const filled = (name: string) =>
      triggers.rows.some((t) => new RegExp(`\\bupdate\\s+${table}\\s+set\\s+${name}\\s*=`, 'i').test(t.sql));
    for (const c of cols.rows) {
      // A one-column integer key is the row id, numbered when an insert leaves it out.
      const rowId = keys === 1 && c.pk === 1 && c.type.toLowerCase() === 'integer';
      // SQLite lets a key column other than the row id hold null unless it says not null; no code stores one.
      out.push(
        column(table, c.name, kindOf(c.type), !c.notnull && !c.pk, c.dflt_value !== null || rowId || filled(c.name)),
      );
    }
  }
  return out;
}

describe('tables.ts', () => {
  it('declares every table and column the migrations make, with its type, nullability and default', async () => {
    expect([...declared()].sort()).toEqual((await migrated()).sort());
  });

  it("declares the columns every entity table is made with (EntityRow), whatever the entity's schema", async () => {
    await syncEntityTables(database, [
      {
        name: 'rowProbe',
        label: '行探针',
        fields: { note: { type: 'string', label: '备注' } },
        access: { read: [], create: [], update: [], delete: [] },
      },
    ]);
    const rows = fs.readFileSync(path.join(here, 'rows.ts'), 'utf8');
    const made = (await migrated()).filter((c) => c.startsWith('rec_row_probe.'));
    expect(declared([`interface Tables { rec_row_probe: EntityRow }`, rows]).sort()).toEqual(made.sort());
  });

  it('refuses a column type it cannot hold against the database', () => {
    const row = (type: string) => [`interface Tables { probe: ProbeTable }`, `interface ProbeTable { on: ${type} }`];
    expect(declared(row('Generated<number>'))).toEqual(['probe.on number generated']);
    expect(declared(row('string | null'))).toEqual(['probe.on string null']);
    expect(() => declared(row('boolean'))).toThrow('ProbeTable.on: boolean is outside the vocabulary');
    expect(() => declared(row('string | number'))).toThrow('outside the vocabulary');
  });
});
