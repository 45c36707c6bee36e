import type { EntityDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { allowed } from '../../platform/records/access.js';
import { ruleRecord } from '../../platform/records/output.js';
import type { RecordStore, StoredRecord } from '../../platform/records/RecordStore.js';
import { noticeOpenFor } from '../topics/noticeOpen.js';
import { resultTopicStatuses } from './resultTopics.js';

export const RESULT_MESSAGES = {
  noticeRequired: '请选择成果通知',
  noticeClosed: '该成果通知未开放或已截止，不能上传成果',
  topicNotOwn: '只能选择本人负责的课题',
  topicNotForResults: '该课题尚未立项或已终止，不能登记成果',
  authorsRequired: '请至少填写一位作者',
  authorsBad: '作者须填写姓名（不超过50个字符），单位不超过100个字符，最多30位',
} as const;

const MAX_AUTHORS = 30;

const fieldError = (entity: EntityDef, field: string, message: string) =>
  AppError.invalid([{ field, label: entity.fields[field]?.label ?? field, message }]);

function entityOf(ctx: AppContext, name: string): EntityDef {
  const e = ctx.schemas.entities.get(name);
  if (!e) throw new Error(`entity ${name} missing`);
  return e;
}

/**
 * The notice a leader registers a result against: one they may read (their area's) that is open
 * now (published, inside its window, aimed at their area). Anything else is refused on the
 * notice field, so a result is never uploaded outside a notice's window.
 */
export async function openNoticeFor(
  ctx: AppContext,
  store: RecordStore,
  achievement: EntityDef,
  noticeId: unknown,
  user: SessionUser,
  now: number,
): Promise<StoredRecord> {
  const id = Number(noticeId);
  if (!Number.isSafeInteger(id) || id <= 0) throw fieldError(achievement, 'noticeId', RESULT_MESSAGES.noticeRequired);
  const noticeEntity = entityOf(ctx, 'achievementNotice');
  const notice = await store.get(noticeEntity, id);
  if (
    !notice ||
    !allowed(noticeEntity, 'read', notice, user, now) ||
    !noticeOpenFor(ruleRecord(noticeEntity, notice), user.areaCode, now)
  ) {
    throw fieldError(achievement, 'noticeId', RESULT_MESSAGES.noticeClosed);
  }
  return notice;
}

/** Authors in byline order as [{name, unit}]: names required, the list 1..30 long. */
export function normalizeAuthors(entity: EntityDef, value: unknown): Array<{ name: string; unit: string | null }> {
  if (!Array.isArray(value) || value.length === 0) throw fieldError(entity, 'authors', RESULT_MESSAGES.authorsRequired);
  if (value.length > MAX_AUTHORS) throw fieldError(entity, 'authors', RESULT_MESSAGES.authorsBad);
  return value.map((a) => {
    const o = (a && typeof a === 'object' && !Array.isArray(a) ? a : {}) as Record<string, unknown>;
    const name = typeof o.name === 'string' ? o.name.trim() : '';
    const unit = typeof o.unit === 'string' && o.unit.trim() !== '' ? o.unit.trim() : null;
    if (!name || name.length > 50 || (unit !== null && unit.length > 100))
      throw fieldError(entity, 'authors', RESULT_MESSAGES.authorsBad);
    return { name, unit };
  });
}

/**
 * What the server fills on every save of a result, never the client: the first author, the
 * notice's title, the topic's name (a topic must be the leader's own and one that may carry a result).
 */
export async function prepareResult(
  ctx: AppContext,
  store: RecordStore,
  entity: EntityDef,
  next: Record<string, unknown>,
  notice: StoredRecord,
  user: SessionUser,
  existingTopicId: unknown = null,
): Promise<void> {
  const authors = normalizeAuthors(entity, next.authors);
  next.authors = authors;
  next.firstAuthor = authors[0]!.name;
  next.noticeTitle = notice.title ?? null;
  if (next.topicId === null || next.topicId === undefined) {
    next.topicName = null;
  } else {
    const topic = await store.get(entityOf(ctx, 'topic'), Number(next.topicId));
    if (!topic || topic.ownerId !== user.userId) throw fieldError(entity, 'topicId', RESULT_MESSAGES.topicNotOwn);
    // Chosen now: only a topic the picker offers (立项 and on); one chosen earlier stays as it was.
    const statuses = resultTopicStatuses(ctx);
    if (statuses && Number(existingTopicId) !== Number(next.topicId) && !statuses.includes(String(topic.status)))
      throw fieldError(entity, 'topicId', RESULT_MESSAGES.topicNotForResults);
    next.topicName = topic.name ?? null;
  }
}

interface FileLike {
  id?: unknown;
  md5?: unknown;
  fileName?: unknown;
}

function filesOf(v: unknown): FileLike[] {
  return Array.isArray(v) ? v.filter((f): f is FileLike => !!f && typeof f === 'object') : [];
}

/**
 * Suspected duplicates of a result among the others: the same title and first author, or a file
 * with the same content (md5) as a file of another result. Returns the reasons in words, empty
 * when none. A flag for the reviewers, not a refusal: the same paper may rightly be registered
 * under two notices.
 */
export async function duplicateReasons(
  store: RecordStore,
  entity: EntityDef,
  rec: Record<string, unknown>,
  selfId: number | null,
): Promise<string[]> {
  const reasons: string[] = [];
  const notSelf =
    selfId === null
      ? []
      : [{ t: 'not' as const, item: { t: 'cmp' as const, field: 'id', op: '=' as const, value: selfId } }];
  const name = typeof rec.name === 'string' ? rec.name.trim() : '';
  const first = typeof rec.firstAuthor === 'string' ? rec.firstAuthor : '';
  if (name && first) {
    const { rows } = await store.list(entity, {
      where: {
        t: 'and',
        items: [
          { t: 'cmp', field: 'name', op: '=', value: name },
          { t: 'cmp', field: 'firstAuthor', op: '=', value: first },
          ...notSelf,
        ],
      },
      sort: [{ field: 'id', order: 'asc' }],
      offset: 0,
      limit: 3,
    });
    for (const r of rows) reasons.push(`与成果（编号${r.id}）标题和第一作者相同`);
  }
  const mine = filesOf(rec.attachments);
  const md5s = [...new Set(mine.map((f) => String(f.md5 ?? '')).filter((m) => /^[0-9a-f]{32}$/.test(m)))];
  if (md5s.length) {
    // Candidates through the file bindings (a record that once held a file of that content), then
    // confirmed on the record itself: bindings are additive, the record's own field is the truth.
    const bound = await store.executor
      .selectFrom('file_bindings as b')
      .innerJoin('files as f', 'f.id', 'b.file_id')
      .select(['b.record_id', 'f.md5'])
      .where('b.entity', '=', entity.name)
      .where('f.md5', 'in', md5s)
      .$if(selfId !== null, (q) => q.where('b.record_id', '!=', selfId!))
      .limit(50)
      .execute();
    const seen = new Set<number>();
    for (const b of bound) {
      const id = Number(b.record_id);
      if (seen.has(id)) continue;
      seen.add(id);
      const other = await store.get(entity, id);
      const same = other && filesOf(other.attachments).find((f) => md5s.includes(String(f.md5)));
      const own = same && mine.find((f) => String(f.md5) === String(same.md5));
      if (same && own)
        reasons.push(
          `文件「${String(own.fileName ?? '')}」与成果（编号${id}）的文件「${String(same.fileName ?? '')}」内容相同`,
        );
    }
  }
  return reasons;
}

/** Sets duplicateFlag and duplicateNote on the record about to be written. */
export async function flagDuplicates(
  store: RecordStore,
  entity: EntityDef,
  next: Record<string, unknown>,
  selfId: number | null,
): Promise<void> {
  const reasons = await duplicateReasons(store, entity, next, selfId);
  next.duplicateFlag = reasons.length > 0;
  next.duplicateNote = reasons.length ? reasons.join('；').slice(0, 500) : null;
}

/** The final score of the latest ended review of a result (reviewResults keyed by stage), for the list column. */
export function latestScore(results: unknown): number | null {
  if (!results || typeof results !== 'object') return null;
  const entries = Object.values(results as Record<string, { finalScore?: unknown; endedAt?: unknown }>)
    .filter((r) => r && typeof r === 'object')
    .sort((a, b) => String(b.endedAt ?? '').localeCompare(String(a.endedAt ?? '')));
  const score = entries[0]?.finalScore;
  return typeof score === 'number' ? score : null;
}
