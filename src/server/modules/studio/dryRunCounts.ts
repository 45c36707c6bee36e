import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../platform/AppContext.js';
import type { EntityDef, WorkflowDef } from '../../../shared/schema/types.js';
import { storageOf, tableName } from '../../platform/records/entityPlan.js';
import { fieldExpr } from '../../platform/records/fieldStorage.js';
import { existingColumns } from '../../platform/records/entityTables.js';
import { isDraftStatus } from '../../../shared/schema/requiredFields.js';
import type { StatusCount } from '../../../shared/contracts/studio.js';

/** The dry run's counting: stored records grouped by status, and the sentences that report them. */

export type Counted = { status: string | null; n: number }[];

export async function countByStatus(ctx: AppContext, entity: EntityDef, where: RawBuilder<unknown>): Promise<Counted> {
  const s = storageOf(entity, 'status');
  const status = s ? fieldExpr(ctx.database.dialect, s) : sql`null`;
  const rows = await sql<{
    status: unknown;
    n: number | string;
  }>`select ${status} as status, count(*) as n from ${sql.table(
    tableName(entity),
  )} where ${where} group by ${status}`.execute(ctx.database.db);
  return rows.rows.map((r) => ({ status: r.status === null ? null : String(r.status), n: Number(r.n) }));
}

/** The field's value as text (a JSON field as stored), or null when its column is not made yet. */
export async function textOf(ctx: AppContext, entity: EntityDef, name: string): Promise<RawBuilder<unknown> | null> {
  const s = storageOf(entity, name);
  if (!s || s.kind === 'system') return null;
  if (s.kind === 'column') {
    const columns = await existingColumns(ctx.database.db, ctx.database.dialect, tableName(entity));
    if (!columns?.has(s.column)) return null;
    return sql`cast(${sql.ref(s.column)} as text)`;
  }
  return ctx.database.dialect === 'postgres'
    ? sql`(${sql.ref('data')}::jsonb ->> ${sql.lit(name)})`
    : sql`cast(${fieldExpr(ctx.database.dialect, s)} as text)`;
}

export function statusCounts(rows: Counted, wf: WorkflowDef | null): StatusCount[] {
  // In the workflow's order, as the analyst reads the statuses elsewhere.
  const order = (s: string | null) => {
    const i = s === null ? -1 : (wf?.statuses.findIndex((x) => x.code === s) ?? -1);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...rows]
    .sort((a, b) => order(a.status) - order(b.status))
    .map((r) => ({
      status: r.status,
      label: (r.status !== null && wf?.statuses.find((s) => s.code === r.status)?.label) || (r.status ?? '无状态'),
      draft: isDraftStatus(wf, r.status),
      records: r.n,
    }));
}

export function sentence(label: string, what: string, byStatus: StatusCount[], extra = ''): string {
  const total = byStatus.reduce((n, s) => n + s.records, 0);
  const drafts = byStatus.filter((s) => s.draft).reduce((n, s) => n + s.records, 0);
  const parts = byStatus.map((s) => `${s.label} ${s.records} 条`).join('、');
  return `${total} 条${label}${what}${drafts ? `，其中草稿 ${drafts} 条` : ''}（${parts}）${extra}`;
}
