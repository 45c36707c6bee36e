import type { AppContext } from '../../platform/AppContext.js';
import type { KyselyRecordStore, StoredRecord } from '../../platform/records/RecordStore.js';
import { notify } from '../../platform/notifications/notify.js';

const HOUR = 3_600_000;

/**
 * A short discussion of one topic in the ended demo batch: posted after every expert had submitted
 * (their reviews are in a day after allocation) and before the review ended, by two of its experts
 * and the city admin who runs the batch.
 */
export async function seedDemoDiscussion(
  ctx: AppContext,
  store: KyselyRecordStore,
  v: { batch: StoredRecord; reviews: StoredRecord[]; chair: { id: number; name: string }; at: number },
): Promise<void> {
  const entity = ctx.schemas.entities.get('reviewDiscussion')!;
  const [first, second] = v.reviews;
  if (!first || !second) return;
  const post = async (author: StoredRecord | null, content: string, at: number, replyTo: number | null) => {
    const userId = author ? Number(author.expertUserId) : v.chair.id;
    return store.insert(entity, {
      status: null,
      ownerId: userId,
      areaCode: String(v.batch.areaCode),
      createdAt: at,
      updatedAt: at,
      createdBy: userId,
      updatedBy: userId,
      batchId: v.batch.id,
      targetEntity: first.targetEntity,
      targetId: Number(first.targetId),
      targetName: first.targetName,
      authorUserId: userId,
      authorReviewId: author ? author.id : null,
      authorName: author ? String(author.expertName) : v.chair.name,
      content,
      replyTo,
    });
  };
  // Worded on the batch's own sheet: its second criterion, its second recommendation.
  const item = (v.batch.criteria as Array<{ name: string }> | null)?.[1]?.name ?? '研究设计';
  const option = (v.batch.recommendations as Array<{ name: string }> | null)?.[1]?.name ?? '修改后再议';
  const p1 = await post(
    first,
    `两位专家在“${item}”上的分差较大：我认为样本选取和对照安排是清楚的，各位怎么看？`,
    v.at,
    null,
  );
  await post(
    second,
    `这一部分只写了问卷调查，缺少课堂观察等过程性资料，所以我给分偏低，建议${option}。`,
    v.at + 2 * HOUR,
    p1,
  );
  await post(null, '感谢两位专家的意见，汇总时将把研究方法的修改建议反馈给课题组。', v.at + 4 * HOUR, null);
}

/**
 * A submitted demo review the city admin sent back with a reason: a draft again, its scores kept,
 * the 退回修改 step in its log and the notice in its expert's bell (as review/reopen leaves them).
 */
export async function seedReopenedReview(
  ctx: AppContext,
  store: KyselyRecordStore,
  v: { review: StoredRecord; chair: { id: number; name: string }; at: number },
): Promise<void> {
  const entity = ctx.schemas.entities.get('review')!;
  const item = Object.keys((v.review.scores as Record<string, number> | null) ?? {})[2] ?? '研究基础';
  const reason = `“${item}”一项的评分与评审意见不一致，请核对后重新提交。`;
  await store.update(
    entity,
    { ...v.review, status: '1', submittedAt: null, updatedAt: v.at, updatedBy: v.chair.id },
    v.review.version,
  );
  await store.log({
    entity: 'review',
    recordId: v.review.id,
    action: 'reopen',
    actionLabel: '退回修改',
    fromStatus: '2',
    toStatus: '1',
    comment: reason,
    userId: v.chair.id,
    userName: v.chair.name,
    roleCode: '3',
    createdAt: v.at,
  });
  await notify(ctx, {
    userIds: [Number(v.review.expertUserId)],
    kind: 'reviewReopened',
    title: `评分已退回修改：${String(v.review.targetName ?? '')}`,
    body: `退回原因：${reason}`,
    link: `/reviewManagement/list/editPage?id=${v.review.id}`,
  });
}
