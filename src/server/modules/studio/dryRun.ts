import { sql } from 'kysely';
import type { AppContext } from '../../platform/AppContext.js';
import type { EntityDef, FieldDef, WorkflowDef } from '../../../shared/schema/types.js';
import { storageOf } from '../../platform/records/entityPlan.js';
import { docOf, kindOf } from '../../platform/schemas/schemaDocs.js';
import { isDraftStatus, requiredToSave } from '../../../shared/schema/requiredFields.js';
import type { Orphan } from '../../../shared/contracts/studio.js';
import { orphansOf } from './storedValues.js';
import { countByStatus, sentence, statusCounts, textOf } from './dryRunCounts.js';
import { changedConstraints } from './constraintImpact.js';

/** One entity's definition and workflow, before and after a change. */
interface Pair {
  before: EntityDef | undefined;
  after: EntityDef;
  wfBefore: WorkflowDef | null;
  wfAfter: WorkflowDef | null;
}

/** The entities whose validation a change of `key` to `next` may change, with both versions. */
function pairsOf(ctx: AppContext, key: string, next: unknown): Pair[] {
  const wf = (name: string | undefined) => (name ? (ctx.schemas.workflows.get(name) ?? null) : null);
  const kind = kindOf(key);
  if (kind === 'entities') {
    if (!next || typeof next !== 'object') return [];
    const after = next as EntityDef;
    const before = docOf(ctx.schemas, key) as EntityDef | undefined;
    return [{ before, after, wfBefore: wf(before?.workflow), wfAfter: wf(after.workflow) }];
  }
  if (kind === 'workflows') {
    const before = docOf(ctx.schemas, key) as WorkflowDef | undefined;
    if (!before) return [];
    return [...ctx.schemas.entities.values()]
      .filter((e) => e.workflow === before.name)
      .map((e) => ({ before: e, after: e, wfBefore: before, wfAfter: (next as WorkflowDef) ?? null }));
  }
  return [];
}

/** Whether the workflow marks the same statuses as drafts before and after. */
function sameRules(p: Pair): boolean {
  const drafts = (wf: WorkflowDef | null) =>
    JSON.stringify((Array.isArray(wf?.statuses) ? wf.statuses : []).filter((s) => s.draft).map((s) => s.code));
  return drafts(p.wfBefore) === drafts(p.wfAfter);
}

const needsValue = (def: FieldDef | undefined) => !!def?.required && !def.readOnly && !def.writeOnly;

/** Records whose empty value the new rules refuse where the old let it be, per field and status. */
async function missing(ctx: AppContext, p: Pair): Promise<Orphan[]> {
  const out: Orphan[] = [];
  const label = p.after.label ?? p.after.name;
  for (const [name, def] of Object.entries(p.after.fields ?? {})) {
    if (!needsValue(def) || !storageOf(p.after, name) || storageOf(p.after, name)?.kind === 'system') continue;
    const old = p.before?.fields?.[name];
    if (sameRules(p) && JSON.stringify(old) === JSON.stringify(def)) continue;
    const text = await textOf(ctx, p.after, name);
    const empty = text ? sql`(${text} is null or ${text} in ('', '[]', '{}'))` : sql`1 = 1`;
    const rows = await countByStatus(ctx, p.after, empty);
    const judged = statusCounts(rows, p.wfAfter);
    const fails = judged.filter((s) => {
      const now = requiredToSave(def, s.draft);
      const was = needsValue(old) && requiredToSave(old!, isDraftStatus(p.wfBefore, s.status));
      return now && !was;
    });
    // Drafts that may stay empty for now, but whose submit the new rule refuses.
    const later = needsValue(old)
      ? 0
      : judged.filter((s) => s.draft && !requiredToSave(def, true)).reduce((n, s) => n + s.records, 0);
    if (!fails.length && !later) continue;
    const field = def.label ?? name;
    const extra = later ? `；另有草稿 ${later} 条可暂不填写，提交时须补填` : '';
    const records = fails.reduce((n, s) => n + s.records, 0);
    out.push({
      entity: p.after.name,
      what: 'missing',
      name,
      records,
      byStatus: fails,
      message: fails.length
        ? sentence(label, `缺少${field}`, fails, extra)
        : `草稿 ${later} 条${label}缺少${field}，可暂不填写，提交时须补填`,
    });
  }
  return out;
}

/** Records whose text is longer than a new, smaller maxLength, per field and status. */
async function tooLong(ctx: AppContext, p: Pair): Promise<Orphan[]> {
  const out: Orphan[] = [];
  for (const [name, def] of Object.entries(p.after.fields ?? {})) {
    if ((def.type !== 'string' && def.type !== 'text') || def.multiple || def.maxLength === undefined) continue;
    const old = p.before?.fields?.[name];
    if (!old || (old.maxLength !== undefined && old.maxLength <= def.maxLength)) continue;
    const text = await textOf(ctx, p.after, name);
    if (!text) continue;
    const rows = await countByStatus(ctx, p.after, sql`length(${text}) > ${sql.lit(def.maxLength)}`);
    if (!rows.length) continue;
    const byStatus = statusCounts(rows, p.wfAfter);
    out.push({
      entity: p.after.name,
      what: 'tooLong',
      name,
      records: byStatus.reduce((n, s) => n + s.records, 0),
      byStatus,
      message: sentence(p.after.label ?? p.after.name, `的${def.label ?? name}超过 ${def.maxLength} 字`, byStatus),
    });
  }
  return out;
}

/**
 * The dry run of a change against the stored records: records the new rules would refuse (a newly
 * required field left empty, judged per status as a save there would be, drafts by requiredOn; a
 * text over a smaller maxLength; a kept field's value its changed constraints refuse), and stored data left without a schema (removed fields, statuses,
 * options). Counted in SQL, so it costs a few grouped counts per field whatever the data's size.
 */
export async function impactOf(ctx: AppContext, key: string, next: unknown): Promise<Orphan[]> {
  const out = await orphansOf(ctx, key, next);
  for (const p of pairsOf(ctx, key, next)) {
    if (p.after.virtual || !p.after.fields || typeof p.after.fields !== 'object') continue;
    out.push(...(await missing(ctx, p)), ...(await tooLong(ctx, p)));
    if (kindOf(key) === 'entities') out.push(...(await changedConstraints(ctx, p.before, p.after, p.wfAfter)));
  }
  return out;
}
