import type { AppContext } from '../../platform/AppContext.js';
import type { KyselyRecordStore, StoredRecord } from '../../platform/records/RecordStore.js';
import { formatDateTime } from '../../platform/records/time.js';

type AddReview = (
  batch: StoredRecord,
  topic: StoredRecord,
  expert: StoredRecord,
  status: string,
  marks?: number[],
  option?: number,
  extra?: Record<string, unknown>,
) => Promise<number>;

/**
 * Demo: an expert's task on a topic left by a declared conflict (合作者), remembered for later
 * batches; with `replacedBy`, confirmed by the chair and handed to another expert who keeps every
 * allocation rule (another unit, not a participant), else waiting for the chair.
 */
export async function declaredConflict(
  ctx: AppContext,
  store: KyselyRecordStore,
  o: {
    batch: StoredRecord;
    topic: StoredRecord;
    expert: StoredRecord;
    replacedBy?: StoredRecord;
    at: number;
    addReview: AddReview;
  },
): Promise<void> {
  const E = (n: string) => ctx.schemas.entities.get(n)!;
  const reason = '曾与课题负责人合作发表论文';
  const id = await o.addReview(o.batch, o.topic, o.expert, o.replacedBy ? '5' : '4', undefined, undefined, {
    declineKind: 'conflict',
    conflictType: '3',
    declineReason: reason,
    declinedAt: formatDateTime(o.at),
  });
  const owner = Number(o.batch.ownerId);
  const user = await ctx.database.db
    .selectFrom('users')
    .select(['real_name'])
    .where('id', '=', owner)
    .executeTakeFirst();
  await store.log({
    entity: 'review',
    recordId: id,
    action: 'declareConflict',
    actionLabel: '申报回避',
    fromStatus: '0',
    toStatus: '4',
    comment: `合作者：${reason}`,
    userId: Number(o.expert.userId),
    userName: String(o.expert.name),
    roleCode: '5',
    createdAt: o.at,
  });
  await store.insert(E('reviewConflict'), {
    status: null,
    ownerId: owner,
    areaCode: o.topic.areaCode,
    createdAt: o.at,
    updatedAt: o.at,
    createdBy: Number(o.expert.userId),
    updatedBy: Number(o.expert.userId),
    expertId: o.expert.id,
    expertUserId: o.expert.userId,
    expertName: o.expert.name,
    targetEntity: 'topic',
    targetId: o.topic.id,
    targetName: o.topic.name,
    personName: o.topic.leader ?? null,
    personIdCard: o.topic.leaderIdCard ?? null,
    conflictType: '3',
    reason,
    batchId: o.batch.id,
    reviewId: id,
  });
  if (!o.replacedBy) return;
  const newId = await o.addReview(o.batch, o.topic, o.replacedBy, '0', undefined, undefined, { replacementOf: id });
  const cur = await store.get(E('review'), id);
  await store.update(E('review'), { ...cur!, replacedBy: newId }, cur!.version);
  await store.log({
    entity: 'review',
    recordId: id,
    action: 'confirmReplacement',
    actionLabel: '确认替换专家',
    fromStatus: '4',
    toStatus: '5',
    comment: `由${String(o.replacedBy.name)}替换`,
    userId: owner,
    userName: String(user?.real_name ?? '市级管理员'),
    roleCode: '3',
    createdAt: o.at + 3_600_000,
  });
}
