import type { CompiledQuery, RawBuilder } from 'kysely';
import { SYSTEM_FIELDS, type AccessRule, type ChildListStorage, type EntityDef } from '../../../shared/schema/types.js';
import type { Dialect } from '../db/database.js';
import { fieldExpr, findStorage, SYSTEM_COLUMNS, systemColumns, tableNameOf, type Storage } from './fieldStorage.js';
import { shapeMaker } from './recordShape.js';

export type OwnStorage = Exclude<Storage, { kind: 'system' }>;
export type ColumnStorage = Extract<Storage, { kind: 'column' }>;

/**
 * What the store, the filters and the tables need of one entity, worked out once from its schema:
 * where each field lives, the SQL reading it on each database, the table's system and version
 * columns, the shape of a record read back, and the list queries compiled so far. Compiled when the
 * schemas load and again when a publish replaces the entity's definition (syncEntityTables), so a
 * call reads one plan instead of looking each field up again.
 */
export interface EntityPlan {
  readonly table: string;
  /** The system columns the table has, by system field. */
  readonly system: Readonly<Record<string, string>>;
  /** The version column; none for a fixed table without one (the last save wins there). */
  readonly versionColumn: string | undefined;
  /** Every name a filter, a sort or a read may use (system fields included), with where it lives. */
  readonly storage: ReadonlyMap<string, Storage>;
  /** The entity's own fields in declared order. */
  readonly layout: readonly OwnStorage[];
  /** The own fields with a column of their own. */
  readonly columns: readonly ColumnStorage[];
  /** The own fields kept in the JSON `data` column. */
  readonly inData: ReadonlySet<string>;
  /** A record with every field null, its keys in the order answers list them. */
  readonly makeRecord: () => Record<string, unknown>;
  /** The columns a status without a column of its own is read from. */
  readonly statusColumns: readonly string[];
  /** The lists kept in child tables (a fixed table's `storage.lists`), by field. */
  readonly childLists: readonly (readonly [string, ChildListStorage])[];
  /** The access rules of one right that name a role (deny by default: none means no right). */
  rules(right: 'read' | 'create' | 'update' | 'delete', roleCode: string): readonly AccessRule[];
  /** What orders rows after the asked sort (the storage's, else the schema's). */
  readonly sortThen: readonly { field: string; order: 'asc' | 'desc' }[];
  /** The SQL reading a stored field on `dialect`; a name the entity does not have is a programming error. */
  expr(dialect: Dialect, field: string): RawBuilder<unknown>;
  /** List queries compiled for this definition, by shape and values (RecordStore bounds how many). */
  readonly lists: Map<string, { query: CompiledQuery; key: string }>;
}

const plans = new WeakMap<EntityDef, EntityPlan>();

/** The entity's plan, compiled now if its definition is new here. */
export function planOf(entity: EntityDef): EntityPlan {
  return plans.get(entity) ?? compilePlan(entity);
}

/** Compiles (again) the plan of a definition; throws on a table or column name no SQL may carry. */
export function compilePlan(entity: EntityDef): EntityPlan {
  const storage = new Map<string, Storage>();
  for (const name of [...Object.keys(SYSTEM_COLUMNS), ...Object.keys(entity.fields)]) {
    const s = findStorage(entity, name);
    if (s) storage.set(name, s);
  }
  const layout: OwnStorage[] = [];
  for (const name of Object.keys(entity.fields)) {
    const s = storage.get(name);
    if (s && s.kind !== 'system') layout.push(s);
  }
  const system = systemColumns(entity);
  const exprs = new Map<Dialect, Map<string, RawBuilder<unknown>>>();
  const rules = new Map<string, readonly AccessRule[]>();
  const plan: EntityPlan = {
    table: tableNameOf(entity),
    system,
    versionColumn: system.version,
    storage,
    layout,
    columns: layout.filter((s): s is ColumnStorage => s.kind === 'column'),
    inData: new Set(layout.filter((s) => s.kind === 'json').map((s) => s.field)),
    makeRecord: shapeMaker([...SYSTEM_FIELDS, ...layout.map((s) => s.field)]),
    statusColumns: [...new Set(Object.values(entity.storage?.statuses ?? {}).flatMap((v) => Object.keys(v)))],
    childLists: Object.entries(entity.storage?.lists ?? {}),
    rules(right, roleCode) {
      const key = `${right}\u0000${roleCode}`;
      let found = rules.get(key);
      if (!found) rules.set(key, (found = (entity.access[right] ?? []).filter((r) => r.roles.includes(roleCode))));
      return found;
    },
    sortThen: entity.storage?.then ?? entity.sortThen ?? [],
    expr(dialect, field) {
      let byField = exprs.get(dialect);
      if (!byField) {
        byField = new Map([...storage].map(([name, s]) => [name, fieldExpr(dialect, s)]));
        exprs.set(dialect, byField);
      }
      const e = byField.get(field);
      if (!e) throw new Error(`unknown field ${field} of ${entity.name}`);
      return e;
    },
    lists: new Map(),
  };
  plans.set(entity, plan);
  return plan;
}

/** Where a field is stored; undefined for a name the entity does not have. */
export function storageOf(entity: EntityDef, field: string): Storage | undefined {
  return planOf(entity).storage.get(field);
}

/** The entity's own fields (not the system ones) in declared order, with where each lives. */
export function fieldLayout(entity: EntityDef): readonly OwnStorage[] {
  return planOf(entity).layout;
}

export function tableName(entity: EntityDef): string {
  return planOf(entity).table;
}
