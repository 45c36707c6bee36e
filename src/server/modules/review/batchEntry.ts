import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import { pickTransition } from '../../platform/records/transitions.js';
import { workflowOf } from '../../platform/workflow/engine.js';
import { entityOf, listAll, stageStatuses, storeOf, type BatchContext } from './reviewData.js';

/** A task that left its record (conflict declared or declined, waiting for or given a replacement). */
export const LEFT_STATUSES = ['4', '5'];

/**
 * The other running batches (status 1) that hold an active task on each of these records: a record
 * is reviewed in one running batch at a time, since the first batch to end sends it back to its
 * stage's "at city" status under the others.
 */
export async function heldElsewhere(
  ctx: AppContext,
  bc: BatchContext,
  targetIds: number[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (targetIds.length === 0) return out;
  const store = storeOf(ctx);
  const tasks = await listAll(store, entityOf(ctx, 'review'), {
    t: 'and',
    items: [
      { t: 'in', field: 'targetId', values: targetIds },
      { t: 'cmp', field: 'targetEntity', op: '=', value: bc.mapping.entity },
    ],
  });
  const batchEntity = entityOf(ctx, 'reviewBatch');
  const running = new Map<number, StoredRecord | null>();
  for (const r of tasks) {
    const batchId = Number(r.batchId);
    if (batchId === bc.batch.id || LEFT_STATUSES.includes(String(r.status))) continue;
    if (!running.has(batchId)) {
      const b = await store.get(batchEntity, batchId);
      running.set(batchId, b && b.status === '1' ? b : null);
    }
    const b = running.get(batchId);
    if (b && !out.has(Number(r.targetId))) out.set(Number(r.targetId), String(b.name ?? `#${batchId}`));
  }
  return out;
}

/**
 * Why a record may not enter this batch, or null when it may: its status must be the batch stage's
 * waiting or "at city" status, no other running batch may hold it, and the user must be allowed to
 * fire the workflow transitions the batch fires on it (send to review now, end review later).
 * `inBatch` says the record already has a task in this batch.
 */
export function entryRefusal(
  ctx: AppContext,
  user: SessionUser,
  bc: BatchContext,
  rec: StoredRecord,
  heldBy: string | undefined,
  inBatch: boolean,
): string | null {
  const s = stageStatuses(bc);
  const workflow = workflowOf(ctx, bc.targetEntity);
  const statusLabel = workflow?.statuses.find((x) => x.code === String(rec.status))?.label ?? String(rec.status);
  if (rec.status !== s.waiting && rec.status !== s.atCity)
    return `当前状态为「${statusLabel}」，不属于本批次的评审阶段`;
  if (heldBy) return `正在评审批次「${heldBy}」中评审，该批次结束后才能分配`;
  if (!workflow || inBatch) return null;
  // A record at city is sent to review by the allocation; one already waiting is returned by the end.
  const action = rec.status === s.atCity ? bc.mapping.sendAction : bc.mapping.endAction;
  if (pickTransition(workflow, bc.targetEntity, action, rec, user)) return null;
  const label = workflow.transitions.find((t) => t.action === action)?.label ?? action;
  return `当前状态为「${statusLabel}」，本账号不能执行「${label}」，应由其所在地区的管理员组织评审`;
}
