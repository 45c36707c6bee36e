import type {
  DashboardBlockData,
  DashboardBlockDef,
  DashboardPageDef,
  EntityDef,
  ResourceRecord,
} from '../../../shared/schema/types.js';
import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { ruleRecord } from '../../platform/records/output.js';
import { hasField } from '../../platform/schemas/entityModel.js';
import { countOf, countSources, sourceQuery, tableSourceOf } from '../system/counts.js';

export const DEFAULT_LIST_LIMIT = 5;
const MAX_LIST_LIMIT = 20;

/** Whether a block is for the user's active role (no `roles`: every role) and not for visitors alone. */
export function blockVisible(block: DashboardBlockDef, user: SessionUser): boolean {
  return block.signedIn !== false && (!block.roles || block.roles.includes(user.roleCode));
}

/** A row as a block shows it: the id, the fields the block names, the status and its label. */
function blockRow(
  ctx: AppContext,
  entity: EntityDef,
  block: DashboardBlockDef,
  rec: Parameters<typeof ruleRecord>[1],
): ResourceRecord {
  const full = ruleRecord(entity, rec);
  const row: ResourceRecord = { id: String(rec.id), status: full.status };
  const names = new Set<string>(Object.values(block.fields ?? {}).filter((f): f is string => typeof f === 'string'));
  for (const m of (block.to ?? '').matchAll(/:([a-zA-Z_]\w*)/g)) names.add(m[1]);
  for (const f of names) if (f in full) row[f] = full[f];
  const workflow = entity.workflow ? ctx.schemas.workflows.get(entity.workflow) : undefined;
  const status = workflow?.statuses.find((s) => s.code === full.status);
  if (status) row._statusLabel = status.label;
  return row;
}

async function listBlock(
  ctx: AppContext,
  user: SessionUser,
  block: DashboardBlockDef,
  now: number,
): Promise<DashboardBlockData> {
  const source = block.source ? countSources(ctx)[block.source] : undefined;
  const table = tableSourceOf(ctx, user, source);
  if (table) {
    return {
      count: await table.count(ctx, user),
      rows: await table.rows(ctx, user, Math.min(block.limit ?? DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT)),
    };
  }
  const q = await sourceQuery(ctx, user, source, now);
  if (!q) return { count: 0, rows: [] };
  const limit = Math.min(block.limit ?? DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT);
  const wanted = block.sort ?? q.entity.sort;
  const sort = wanted && hasField(q.entity, wanted.field) ? [wanted] : [];
  const { rows, total } = await KyselyRecordStore.of(ctx.database).list(q.entity, {
    where: q.where,
    sort,
    offset: 0,
    limit,
  });
  return { count: total, rows: rows.map((r) => blockRow(ctx, q.entity, block, r)) };
}

/**
 * The figures and rows of a dashboard for one user, block by block: null for a block of another
 * role, a visitor's block, a banner or an embedded page. Every figure is a count of schemas/settings.json "counts" (the badge numbers), so a block
 * over an entity whose module has not landed reads 0 and lights up when it does.
 */
export async function dashboardData(
  ctx: AppContext,
  page: DashboardPageDef,
  user: SessionUser,
  now = Date.now(),
): Promise<(DashboardBlockData | null)[]> {
  const sources = countSources(ctx);
  const out: (DashboardBlockData | null)[] = [];
  for (const block of page.blocks) {
    // A banner or an embedded page has no figures here (an embedded page asks for its own data).
    if (!blockVisible(block, user) || block.type === 'banner' || block.type === 'page') {
      out.push(null);
      continue;
    }
    if (block.type === 'list') {
      out.push(await listBlock(ctx, user, block, now));
      continue;
    }
    const items: number[] = [];
    for (const item of block.items ?? []) items.push(await countOf(ctx, user, sources[item.count], now));
    out.push({ items });
  }
  return out;
}
