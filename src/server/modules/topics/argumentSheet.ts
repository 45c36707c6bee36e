import type { AppContext } from '../../platform/AppContext.js';
import type { RecordStore } from '../../platform/records/RecordStore.js';

/**
 * A notice may ask for a 课题论证活页 (notice.argumentSheet). Each application carries its notice's
 * flag (topic.noticeArgumentSheet), which argumentSheet's `requiredWhen` reads: the engine refuses a
 * submit without the 活页 as it refuses any required field, and the form marks the field, from one
 * declarative rule that names no other record.
 */
export function noticeAsksSheet(notice: Record<string, unknown> | null | undefined): boolean {
  return notice?.argumentSheet === true;
}

/**
 * When a notice starts or stops asking for the 活页, its applications still being written (the
 * workflow's drafts: 草稿 and the returned ones) take the new flag in the notice's save; those
 * already handed on keep the one they were submitted under.
 */
export async function syncNoticeFlag(
  ctx: AppContext,
  store: RecordStore,
  noticeId: number,
  asks: boolean,
): Promise<void> {
  const topic = ctx.schemas.entities.get('topic');
  const workflow = topic ? ctx.schemas.workflows.get(topic.workflow ?? 'topic') : undefined;
  if (!topic || !workflow) return;
  const drafts = workflow.statuses.filter((s) => s.draft === true).map((s) => s.code);
  const where = {
    t: 'and' as const,
    items: [
      { t: 'cmp' as const, field: 'noticeId', op: '=' as const, value: noticeId },
      { t: 'in' as const, field: 'status', values: drafts },
    ],
  };
  const page = 500;
  for (let offset = 0; ; offset += page) {
    const { rows } = await store.list(topic, { where, sort: [{ field: 'id', order: 'asc' }], offset, limit: page });
    for (const row of rows)
      if (row.noticeArgumentSheet !== asks)
        await store.update(topic, { ...row, noticeArgumentSheet: asks }, row.version);
    if (rows.length < page) return;
  }
}
