import { test } from '../../../shared/rules/evaluate.js';
import type { AppContext } from '../../platform/AppContext.js';
import { parseLocal } from '../../platform/records/time.js';

/**
 * Whether a notice is open for an area now. The condition is written once, as declarative JSON:
 * the topic workflow's submit guard (schemas/workflows/topic.json `guards.submit`: published,
 * started, not past its end time, for every area or this one). Here it is asked for a topic of the
 * notice's stage in the area with this notice alone, so the application's start, the expiry job,
 * the server's refusal of a submit and the 提交 buttons all answer alike.
 */
export function topicNoticeOpen(
  ctx: AppContext,
  notice: Record<string, unknown>,
  areaCode: string | null,
  now = Date.now(),
): boolean {
  const guard = ctx.schemas.workflows.get('topic')?.guards?.submit;
  if (!guard) return false;
  return test(guard.rule, {
    record: { stage: notice.stage ?? null, areaCode },
    user: {},
    now,
    facts: { notices: [notice] },
  });
}

/**
 * The notice rule shared by notices of other modules (result notices): open for an area
 * when its status is "1", startTime <= now <= endTime, and targetAreas is empty or holds the area.
 * Topic notices are asked through topicNoticeOpen, the topic workflow's declarative guard.
 */
export function noticeOpenFor(notice: Record<string, unknown>, areaCode: string | null, now = Date.now()): boolean {
  if (String(notice.status) !== '1') return false;
  const start = typeof notice.startTime === 'string' ? parseLocal(notice.startTime) : null;
  const end = typeof notice.endTime === 'string' ? parseLocal(notice.endTime) : null;
  if (start === null || end === null || now < start || now > end) return false;
  const areas = Array.isArray(notice.targetAreas) ? notice.targetAreas.map(String) : [];
  return areas.length === 0 || (areaCode !== null && areas.includes(areaCode));
}
