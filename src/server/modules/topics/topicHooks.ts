import type { AppContext } from '../../platform/AppContext.js';
import { AppError } from '../../platform/http/AppError.js';
import type { FieldError } from '../../platform/resources/validate.js';
import { eligibilityErrors } from './eligibility.js';
import { topicNoticeOpen } from './noticeOpen.js';
import { nextTopicNo } from './topicNo.js';
import { parseLocal } from '../../platform/records/time.js';
import { noticeAsksSheet, syncNoticeFlag } from './argumentSheet.js';

/** Statuses in which the application itself (stage 1) is being written or corrected. */
const APPLICATION_EDITABLE = ['0', '902', '904'];

function refuse(errors: FieldError[]): void {
  if (errors.length) throw AppError.invalid(errors);
}

function upperIdCards(next: Record<string, unknown>): void {
  for (const f of ['leaderIdCard', 'secondLeaderIdCard'])
    if (typeof next[f] === 'string') next[f] = (next[f] as string).toUpperCase();
  if (Array.isArray(next.members)) {
    next.members = next.members.map((m) =>
      m && typeof m === 'object' && typeof (m as { idCard?: unknown }).idCard === 'string'
        ? { ...(m as object), idCard: (m as { idCard: string }).idCard.trim().toUpperCase() }
        : m,
    );
  }
}

/**
 * The topics module's checks inside the engine's save and transition (no schema rule can read
 * other records): notices of a city administrator are for their city; a topic names an existing
 * stage-1 notice (open when the application starts), copies its title and year, and passes the
 * eligibility rules; the province's approval of an application gives the topic its number.
 */
export function registerTopicHooks(ctx: AppContext): void {
  ctx.engine.on('notice', {
    inSave: async (_ctx, { user, existing, next, store }) => {
      if (user.roleCode === '3') next.targetAreas = user.areaCode ? [user.areaCode] : null;
      const start = typeof next.startTime === 'string' ? parseLocal(next.startTime) : null;
      const end = typeof next.endTime === 'string' ? parseLocal(next.endTime) : null;
      if (start !== null && end !== null && end <= start)
        refuse([{ field: 'endTime', label: '截止时间', message: '截止时间须晚于开始时间' }]);
      if (existing && noticeAsksSheet(existing) !== noticeAsksSheet(next))
        await syncNoticeFlag(ctx, store, existing.id, noticeAsksSheet(next));
    },
  });

  ctx.engine.on('topic', {
    inSave: async (_ctx, { user, existing, next, store, now }) => {
      upperIdCards(next);
      const noticeEntity = ctx.schemas.entities.get('notice')!;
      const noticeId = next.noticeId;
      const notice = typeof noticeId === 'number' ? await store.get(noticeEntity, noticeId) : undefined;
      if (!notice || Number(notice.stage) !== 1)
        refuse([{ field: 'noticeId', label: '申报通知', message: '申报通知不存在' }]);
      const changedNotice = !existing || existing.noticeId !== noticeId;
      if (changedNotice && !topicNoticeOpen(ctx, notice!, user.areaCode, now)) {
        refuse([{ field: 'noticeId', label: '申报通知', message: '该申报通知未发布或已截止，不能申报' }]);
      }
      next.noticeTitle = notice!.title ?? null;
      next.year = notice!.year ?? null;
      // What argumentSheet's requiredWhen reads: the notice's ask, carried by the application itself
      // while it is written; once handed on it keeps the ask it was submitted under.
      if (!existing || APPLICATION_EDITABLE.includes(String(existing.status)))
        next.noticeArgumentSheet = noticeAsksSheet(notice);
      const personChecks = Boolean(existing && !['0'].includes(String(existing.status)));
      refuse(await eligibilityErrors(ctx, store, { ...next, id: existing?.id }, { personChecks }));
    },
  });

  ctx.engine.on('topic', {
    onTransition: async (_ctx, { record, next, transition, from, store }) => {
      if (transition.action === 'submit' && APPLICATION_EDITABLE.includes(from)) {
        refuse(await eligibilityErrors(ctx, store, record, { personChecks: true }));
      }
      if (transition.action === 'provinceApprove' && from === '4' && !record.topicNo) {
        next.topicNo = await nextTopicNo(ctx, store, String(record.year ?? ''));
      }
    },
  });
}
