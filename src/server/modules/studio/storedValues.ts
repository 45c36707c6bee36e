import { sql } from 'kysely';
import type { AppContext } from '../../platform/AppContext.js';
import type { DictionaryDef, EntityDef, WorkflowDef } from '../../../shared/schema/types.js';
import { storageOf, tableName } from '../../platform/records/entityPlan.js';
import { fieldExpr } from '../../platform/records/fieldStorage.js';
import { docOf, kindOf } from '../../platform/schemas/schemaDocs.js';
import type { Orphan } from '../../../shared/contracts/studio.js';

async function count(ctx: AppContext, entity: EntityDef, where: ReturnType<typeof sql>): Promise<number> {
  const row = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.table(tableName(entity))} where ${where}`.execute(ctx.database.db);
  return Number(row.rows[0]?.n ?? 0);
}

async function removedFields(ctx: AppContext, before: EntityDef, after: EntityDef | undefined): Promise<Orphan[]> {
  if (before.virtual) return [];
  const out: Orphan[] = [];
  for (const name of Object.keys(before.fields)) {
    if (after && Object.hasOwn(after.fields ?? {}, name)) continue;
    const s = storageOf(before, name);
    if (!s || s.kind === 'system') continue;
    const expr = fieldExpr(ctx.database.dialect, s);
    // An empty text is no value; other types are compared only with null (PostgreSQL would not cast '').
    const textual = s.type === 'string' || s.type === 'text' || s.kind === 'json';
    const raw =
      s.kind === 'json' && ctx.database.dialect === 'postgres'
        ? sql`(${sql.ref('data')}::jsonb ->> ${sql.lit(name)})`
        : expr;
    const n = await count(ctx, before, textual ? sql`${raw} is not null and ${raw} <> ''` : sql`${raw} is not null`);
    if (n)
      out.push({
        entity: before.name,
        what: 'field',
        name,
        records: n,
        message: `字段“${before.fields[name].label ?? name}”（${name}）已有 ${n} 条记录存有数据，删除后这些数据不再显示（数据保留在数据库中）`,
      });
  }
  return out;
}

async function removedStatuses(
  ctx: AppContext,
  before: WorkflowDef,
  after: WorkflowDef | undefined,
): Promise<Orphan[]> {
  const keep = new Set((after?.statuses ?? []).map((s) => s.code));
  const gone = (before.statuses ?? []).filter((s) => !keep.has(s.code));
  if (!gone.length) return [];
  const out: Orphan[] = [];
  for (const entity of ctx.schemas.entities.values()) {
    if (entity.workflow !== before.name || entity.virtual) continue;
    for (const st of gone) {
      const n = await count(ctx, entity, sql`status = ${st.code}`);
      if (n)
        out.push({
          entity: entity.name,
          what: 'status',
          name: st.code,
          records: n,
          message: `状态“${st.label ?? st.code}”（${st.code}）仍有 ${n} 条${entity.label ?? entity.name}记录在用`,
        });
    }
  }
  return out;
}

async function removedOptions(
  ctx: AppContext,
  before: DictionaryDef,
  after: DictionaryDef | undefined,
): Promise<Orphan[]> {
  const keep = new Set((after?.options ?? []).map((o) => String(o.value)));
  const gone = (before.options ?? []).filter((o) => !keep.has(String(o.value)));
  if (!gone.length) return [];
  const out: Orphan[] = [];
  for (const entity of ctx.schemas.entities.values()) {
    if (entity.virtual) continue;
    for (const [name, def] of Object.entries(entity.fields)) {
      if (def.dict !== before.type) continue;
      const s = storageOf(entity, name);
      if (!s) continue;
      // As text on both databases: a value kept as a number or inside a list of several compares alike.
      const value = sql`cast(${fieldExpr(ctx.database.dialect, s)} as text)`;
      for (const option of gone) {
        const code = String(option.value);
        const n = await count(
          ctx,
          entity,
          def.multiple ? sql`${value} like ${`%"${code}"%`}` : sql`${value} = ${code}`,
        );
        if (n)
          out.push({
            entity: entity.name,
            what: 'option',
            name: code,
            records: n,
            message: `选项“${option.text ?? code}”（${code}）仍有 ${n} 条${entity.label ?? entity.name}记录的“${def.label ?? name}”在用，删除后这些记录将显示其代码`,
          });
      }
    }
  }
  return out;
}

/** What the change of `key` to `next` would orphan in the stored data of the served set. */
export async function orphansOf(ctx: AppContext, key: string, next: unknown): Promise<Orphan[]> {
  const kind = kindOf(key);
  const before = docOf(ctx.schemas, key);
  if (!before) return [];
  if (kind === 'entities') return removedFields(ctx, before as EntityDef, next as EntityDef | undefined);
  if (kind === 'workflows') return removedStatuses(ctx, before as WorkflowDef, next as WorkflowDef | undefined);
  if (kind === 'dictionaries') return removedOptions(ctx, before as DictionaryDef, next as DictionaryDef | undefined);
  return [];
}
