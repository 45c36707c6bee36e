import type { AppContext } from '../AppContext.js';
import type { RecordChange } from '../records/Engine.js';
import { notify } from '../notifications/notify.js';
import type { StoredRecord } from '../records/RecordStore.js';
import type { TransitionDef } from '../../../shared/schema/types.js';

/** User ids held by a record's field: one id, a numeric string, a list of them, or a JSON list. */
function idsIn(value: unknown): number[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      return idsIn(JSON.parse(value));
    } catch {
      return [];
    }
  }
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? [n] : [];
}

/**
 * The notice a transition declares (TransitionDef.notify), sent once the transition has committed:
 * to the people its fields name, save the one who fired it; titled with the declared text, the
 * stage the record was in and the record's title; the comment given (an opinion, a reason) as its
 * body. Answers how many were told.
 */
export async function sendTransitionNotice(ctx: AppContext, change: RecordChange): Promise<number> {
  if (!change.transition?.notify) return 0;
  return sendDeclared(
    ctx,
    change.entity,
    change.transition,
    change.record,
    change.fromStatus,
    change.comment ?? null,
    change.user?.userId ?? null,
  );
}

/**
 * The notice of a transition already written by other means (demo data walking a record's history
 * in its log): the one the workflow declares for `action` from `fromStatus`, as if fired by `actorId`.
 */
export async function sendLoggedTransitionNotice(
  ctx: AppContext,
  entityName: string,
  record: StoredRecord,
  step: { action: string; fromStatus: string; comment: string | null; actorId: number | null },
): Promise<number> {
  const entity = ctx.schemas.entities.get(entityName);
  const workflow = entity?.workflow ? ctx.schemas.workflows.get(entity.workflow) : undefined;
  const t = workflow?.transitions.find((x) => x.action === step.action && x.from.includes(step.fromStatus));
  if (!t?.notify) return 0;
  return sendDeclared(ctx, entityName, t, record, step.fromStatus, step.comment, step.actorId);
}

async function sendDeclared(
  ctx: AppContext,
  entityName: string,
  t: TransitionDef,
  record: StoredRecord,
  fromStatus: string | null,
  comment: string | null,
  actorId: number | null,
): Promise<number> {
  const declared = t.notify!;
  const entity = ctx.schemas.entities.get(entityName);
  const workflow = entity?.workflow ? ctx.schemas.workflows.get(entity.workflow) : undefined;
  const userIds = declared.to.flatMap((f) => idsIn(record[f])).filter((id) => id !== actorId);
  if (!userIds.length) return 0;
  const stageNo = workflow?.statuses.find((s) => s.code === fromStatus)?.stage;
  const stage = workflow?.stages?.find((s) => s.stage === stageNo)?.label;
  const name = entity?.titleField ? String(record[entity.titleField] ?? '').trim() : '';
  const title = `${declared.title}${stage ? `（${stage}）` : ''}${name ? `：${name}` : ''}`;
  return notify(ctx, {
    userIds,
    kind: declared.kind,
    title,
    body: comment ? `${declared.commentLabel ?? '意见'}：${comment}` : undefined,
    link: `${declared.link}?id=${record.id}`,
  });
}
