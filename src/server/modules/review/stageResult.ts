import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import type { RecordStore, StoredRecord } from '../../platform/records/RecordStore.js';
import type { BatchContext } from './reviewData.js';

/**
 * Writes a batch's result on a reviewed record under the batch stage (the record's review results,
 * reviewTargets.json resultField) and logs it, its status unchanged: the end of a review and the
 * chair's decision both keep their outcome there. Refused as a conflict when the record changed.
 */
export async function writeStageResult(
  tx: RecordStore,
  bc: BatchContext,
  rec: StoredRecord,
  result: Record<string, unknown>,
  user: SessionUser,
  now: number,
  log: { action: string; actionLabel: string; comment: string },
): Promise<void> {
  const m = bc.mapping;
  const all =
    rec[m.resultField] && typeof rec[m.resultField] === 'object' ? (rec[m.resultField] as Record<string, unknown>) : {};
  const next = {
    ...rec,
    [m.resultField]: { ...all, [String(bc.batch.stage)]: result },
    updatedAt: now,
    updatedBy: user.userId,
  };
  if (!(await tx.update(bc.targetEntity, next, rec.version))) throw AppError.conflict();
  await tx.log({
    entity: m.entity,
    recordId: rec.id,
    ...log,
    fromStatus: rec.status === null || rec.status === undefined ? null : String(rec.status),
    toStatus: rec.status === null || rec.status === undefined ? null : String(rec.status),
    userId: user.userId,
    userName: user.realName,
    roleCode: user.roleCode,
    createdAt: now,
  });
}
