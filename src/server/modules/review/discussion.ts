import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { allowed } from '../../platform/records/access.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import { formatDateTime } from '../../platform/records/time.js';
import { notify } from '../../platform/notifications/notify.js';
import { blindNames } from './blindNames.js';
import { DOOR_CLOSED, isClosedTask, refuseWithdrawnTask } from './closedTask.js';
import { entityOf, listAll, parseId, storeOf, ADMIN_ROLES } from './reviewData.js';
import type { AnswerOf } from '../../../shared/contracts/contract.js';
import type { DiscussionThread, reviewCalls } from '../../../shared/contracts/review.js';

const EXPERT = '5';
const SUBMITTED = '2';
export const MAX_POST = 1000;
/** Why an assigned expert does not see the thread yet. */
export const NOT_YET = '提交本人评分后才能查看和参与讨论';

/** Who reads a thread and how: the thread's record, the reader's own review (experts), the names. */
interface Thread {
  batch: StoredRecord;
  review: StoredRecord;
  reviews: StoredRecord[];
  /** The reader's own task on the record (experts), else null (organisers). */
  mine: StoredRecord | null;
  blind: boolean;
  names: Map<number, string>;
}

/**
 * The thread of the record a review task belongs to (body.id: any task of that record in the
 * batch), if the user may take part: an expert assigned to the record who has submitted their own
 * review (HotCRP: no discussion before one's own judgement), or an administrator who may read the
 * batch (the organisers: province, or the city of the batch). Everyone else is told why not.
 * `early` lets an assigned expert who has not submitted yet through (to be told the thread is not
 * theirs to read yet, without its posts).
 */
async function openThread(ctx: AppContext, user: SessionUser, id: unknown, early = false): Promise<Thread> {
  const store = storeOf(ctx);
  const reviewEntity = entityOf(ctx, 'review');
  const review = await store.get(reviewEntity, parseId(id));
  if (!review) await refuseWithdrawnTask(ctx, user, parseId(id));
  if (!review) throw AppError.notFound();
  const batch = await store.get(entityOf(ctx, 'reviewBatch'), Number(review.batchId));
  if (!batch) throw AppError.notFound();
  const reviews = await listAll(store, reviewEntity, {
    t: 'and',
    items: [
      { t: 'cmp', field: 'batchId', op: '=', value: batch.id },
      { t: 'cmp', field: 'targetId', op: '=', value: Number(review.targetId) },
    ],
  });
  let mine: StoredRecord | null = null;
  if (user.roleCode === EXPERT) {
    const own = reviews.filter((r) => Number(r.expertUserId) === user.userId);
    mine = own.find((r) => !isClosedTask(r)) ?? null;
    if (!mine && own.length) throw AppError.forbidden(DOOR_CLOSED);
    if (!mine) throw AppError.forbidden('您不是该课题的评审专家，不能查看讨论');
    if (mine.status !== SUBMITTED && !early) throw AppError.forbidden(NOT_YET);
  } else if (ADMIN_ROLES.includes(user.roleCode)) {
    if (!allowed(entityOf(ctx, 'reviewBatch'), 'read', batch, user))
      throw AppError.forbidden('您不是该评审批次的组织方，不能查看讨论');
  } else {
    throw AppError.forbidden('只有评审专家和评审组织方可以查看讨论');
  }
  const blind = batch.blind === true && user.roleCode === EXPERT;
  const names = blindNames(reviews);
  return { batch, review, reviews, mine, blind, names };
}

async function postsOf(ctx: AppContext, t: Thread): Promise<StoredRecord[]> {
  return listAll(storeOf(ctx), entityOf(ctx, 'reviewDiscussion'), {
    t: 'and',
    items: [
      { t: 'cmp', field: 'batchId', op: '=', value: t.batch.id },
      { t: 'cmp', field: 'targetId', op: '=', value: Number(t.review.targetId) },
    ],
  });
}

/** A post's author as this reader may see them: 专家N to experts of a blind batch; organisers by role. */
function authorLabel(t: Thread, post: StoredRecord, blind: boolean): string {
  const reviewId =
    post.authorReviewId === null || post.authorReviewId === undefined ? null : Number(post.authorReviewId);
  if (reviewId === null) return `评审组织方（${String(post.authorName ?? '')}）`;
  if (blind) return t.names.get(reviewId) ?? '专家';
  return String(post.authorName ?? '');
}

function view(t: Thread, user: SessionUser, posts: StoredRecord[]) {
  const byId = new Map(posts.map((p) => [p.id, p]));
  return posts.map((p) => {
    const parent = p.replyTo ? byId.get(Number(p.replyTo)) : undefined;
    return {
      id: p.id,
      author: authorLabel(t, p, t.blind),
      mine: Number(p.authorUserId) === user.userId,
      organiser: p.authorReviewId === null || p.authorReviewId === undefined,
      content: p.content as string,
      replyTo: parent ? parent.id : null,
      replyToAuthor: parent ? authorLabel(t, parent, t.blind) : null,
      createdAt: formatDateTime(Number(p.createdAt)),
    };
  });
}

/**
 * The discussion of the record a task belongs to, as the user may read it. An assigned expert who
 * has not submitted yet opens their own task page with the thread on it: that is the page's normal
 * state, not a refused call, so it is answered as a closed thread (`closed`: why) without posts.
 */
export async function discussion(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<DiscussionThread> {
  const t = await openThread(ctx, user, body.id, true);
  const closed = t.mine && t.mine.status !== SUBMITTED ? NOT_YET : null;
  const posts = closed ? [] : await postsOf(ctx, t);
  return {
    closed,
    blind: t.batch.blind === true,
    me: t.mine ? (t.blind ? t.names.get(t.mine.id) : String(t.mine.expertName ?? '')) : null,
    canPost: !closed && t.batch.status === '1',
    maxLength: MAX_POST,
    posts: view(t, user, posts),
  };
}

function refuse(field: string, label: string, message: string): AppError {
  return AppError.invalid([{ field, label, message }]);
}

/**
 * A new post: checked (text, length, the post replied to), stored, and told to the other
 * participants in the app, each with a link to their own page of the record and the author as
 * they may see them.
 */
export async function postDiscussion(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<AnswerOf<typeof reviewCalls.discussionPost>> {
  const t = await openThread(ctx, user, body.id);
  if (t.batch.status !== '1') throw AppError.forbidden('评审已结束或尚未开始，不能发言');
  const content = typeof body.content === 'string' ? body.content.trim() : '';
  if (!content) throw refuse('content', '讨论内容', '请输入讨论内容');
  if (content.length > MAX_POST) throw refuse('content', '讨论内容', `讨论内容不能超过${MAX_POST}个字符`);
  const posts = await postsOf(ctx, t);
  let replyTo: number | null = null;
  if (body.replyTo !== undefined && body.replyTo !== null && body.replyTo !== '') {
    replyTo = parseId(body.replyTo, 'replyTo', '回复的发言');
    if (!posts.some((p) => p.id === replyTo)) throw refuse('replyTo', '回复的发言', '回复的发言不存在');
  }
  const now = Date.now();
  const entity = entityOf(ctx, 'reviewDiscussion');
  const id = await storeOf(ctx).insert(entity, {
    status: null,
    ownerId: user.userId,
    areaCode: String(t.batch.areaCode ?? ''),
    createdAt: now,
    updatedAt: now,
    createdBy: user.userId,
    updatedBy: user.userId,
    batchId: t.batch.id,
    targetEntity: t.review.targetEntity,
    targetId: Number(t.review.targetId),
    targetName: t.review.targetName,
    authorUserId: user.userId,
    authorReviewId: t.mine ? t.mine.id : null,
    authorName: t.mine ? String(t.mine.expertName ?? user.realName) : user.realName,
    content,
    replyTo,
  });
  const post = {
    id,
    authorReviewId: t.mine ? t.mine.id : null,
    authorName: t.mine ? t.mine.expertName : user.realName,
  } as unknown as StoredRecord;
  const title = `课题讨论有新发言：${String(t.review.targetName ?? '')}`;
  const excerpt = content.length > 60 ? `${content.slice(0, 60)}…` : content;
  // The other experts who may read the thread, each sent to their own task.
  for (const r of t.reviews) {
    if (r.status !== SUBMITTED || Number(r.expertUserId) === user.userId) continue;
    await notify(ctx, {
      userIds: [Number(r.expertUserId)],
      kind: 'reviewDiscussion',
      title,
      body: `${authorLabel(t, post, t.batch.blind === true)}：${excerpt}`,
      link: `/reviewManagement/list/editPage?id=${r.id}`,
    });
  }
  // The batch's organiser, unless they wrote it, to the task page of the record.
  const chair = Number(t.batch.ownerId);
  if (chair && chair !== user.userId) {
    await notify(ctx, {
      userIds: [chair],
      kind: 'reviewDiscussion',
      title,
      body: `${authorLabel(t, post, false)}：${excerpt}`,
      link: `/reviewManagement/list/lookPage?id=${t.mine?.id ?? t.review.id}`,
    });
  }
  return { id };
}
