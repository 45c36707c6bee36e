import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import type { RecordStore, StoredRecord } from '../../platform/records/RecordStore.js';
import type { FieldChange } from '../../../shared/schema/types.js';
import { entityOf, listAll, storeOf } from './reviewData.js';

const EXPERT = '5';
/** 申请回避（待确认）, 已回避（已替换）: the expert gave the task up, or it was given to another. */
export const CLOSED_STATUSES: readonly string[] = ['4', '5'];
/** Why an expert who gave a task up reads nothing of it any more. */
export const DOOR_CLOSED = '您已申报回避、谢绝或被替换出该评审任务，不能再查看该任务及其材料';

/** Why an expert taken off a task (取消分配) reads nothing of it any more. */
export const WITHDRAWN = '该评审任务已取消分配，您不能再查看该任务及其材料';

/**
 * What the log of a 取消分配 keeps of the deleted task: whose it was and on what, so its expert is
 * still told why the door is closed (403) rather than that the task never existed.
 */
export function withdrawnChanges(review: StoredRecord): FieldChange[] {
  return [
    { field: 'expertUserId', label: '专家用户', from: String(review.expertUserId), to: null },
    { field: 'targetEntity', label: '评审对象', from: String(review.targetEntity), to: null },
    { field: 'targetId', label: '课题ID', from: String(review.targetId), to: null },
    { field: 'expertName', label: '评审专家', from: String(review.expertName ?? ''), to: null },
  ];
}

export interface WithdrawnTask {
  reviewId: number;
  targetEntity: string;
  targetId: number;
}

/** The tasks this expert was taken off (取消分配), from the operation log. */
export async function withdrawnTasks(ctx: AppContext, user: SessionUser): Promise<WithdrawnTask[]> {
  if (user.roleCode !== EXPERT) return [];
  const rows = await ctx.database.db
    .selectFrom('operation_log')
    .select(['record_id', 'changes'])
    .where('entity', '=', 'review')
    .where('action', '=', 'unassign')
    // A narrowing only (digits need no escaping); each row is then read in full.
    .where('changes', 'like', `%"from":"${user.userId}"%`)
    .limit(5000)
    .execute();
  const out: WithdrawnTask[] = [];
  for (const r of rows) {
    let changes: FieldChange[];
    try {
      changes = JSON.parse(String(r.changes)) as FieldChange[];
    } catch {
      continue;
    }
    const v = (f: string) => changes.find((c) => c.field === f)?.from ?? null;
    if (v('expertUserId') !== String(user.userId)) continue;
    out.push({
      reviewId: Number(r.record_id),
      targetEntity: String(v('targetEntity')),
      targetId: Number(v('targetId')),
    });
  }
  return out;
}

/** Refuses (403) the expert a task was taken from, when the task asked for no longer exists. */
export async function refuseWithdrawnTask(ctx: AppContext, user: SessionUser, reviewId: number): Promise<void> {
  if ((await withdrawnTasks(ctx, user)).some((w) => w.reviewId === reviewId)) throw AppError.forbidden(WITHDRAWN);
}

/** Whether this task is one its expert gave up (declared a conflict, declined) or was replaced on. */
export function isClosedTask(review: StoredRecord): boolean {
  return CLOSED_STATUSES.includes(String(review.status));
}

/**
 * Refuses the expert of a given-up task (403 with the reason): from the moment they declare a
 * conflict, decline or are replaced, they read neither the task, the record, its files, the
 * discussion nor the peers' scores. Administrators are not concerned.
 */
export function refuseClosedTask(user: SessionUser, review: StoredRecord): void {
  if (user.roleCode === EXPERT && Number(review.expertUserId) === user.userId && isClosedTask(review))
    throw AppError.forbidden(DOOR_CLOSED);
}

/**
 * The expert's tasks on a record of `entity` (every batch): what decides whether its files are
 * theirs to read. Only experts have such tasks.
 */
export async function expertTasksOn(
  ctx: AppContext,
  user: SessionUser,
  entity: string,
  recordId: number,
  store: RecordStore = storeOf(ctx),
): Promise<StoredRecord[]> {
  if (user.roleCode !== EXPERT) return [];
  return listAll(store, entityOf(ctx, 'review'), {
    t: 'and',
    items: [
      { t: 'cmp', field: 'expertUserId', op: '=', value: user.userId },
      { t: 'cmp', field: 'targetEntity', op: '=', value: entity },
      { t: 'cmp', field: 'targetId', op: '=', value: recordId },
    ],
  });
}
