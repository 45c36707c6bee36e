import type { AppContext } from '../../AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import type { RecordStore, StoredRecord } from '../../platform/records/RecordStore.js';
import { entityOf, listAll, storeOf } from './reviewData.js';

const EXPERT = '5';
/** 申请回避（待确认）, 已回避（已替换）: the expert gave the task up, or it was given to another. */
export const CLOSED_STATUSES: readonly string[] = ['4', '5'];
/** Why an expert who gave a task up reads nothing of it any more. */
export const DOOR_CLOSED = '您已申报回避、谢绝或被替换出该评审任务，不能再查看该任务及其材料';

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
