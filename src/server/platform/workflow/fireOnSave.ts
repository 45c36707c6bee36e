import type { EntityDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import type { RecordStore, StoredRecord } from '../records/RecordStore.js';
import { fire, workflowOf } from './engine.js';
import { failingGuard, pickTransition, statusOf, targetOf } from '../records/transitions.js';

/**
 * The transition a save brings about (TransitionDef.onSave): after a user saved the record, the
 * first onSave transition that now holds for them and leads to another status is fired, as if the
 * user had pressed its button. So "choose the experts, 保存" routes a waiting question instead of
 * answering 操作成功 while it stays waiting. The save stands when the transition cannot fire
 * (someone else moved the record meanwhile): the answer is then the saved record.
 */
export async function fireOnSave(
  ctx: AppContext,
  entity: EntityDef,
  record: StoredRecord,
  user: SessionUser,
  store: RecordStore,
): Promise<StoredRecord | null> {
  const workflow = workflowOf(ctx, entity);
  const candidates = workflow?.transitions.filter((t) => t.onSave) ?? [];
  if (!workflow || !candidates.length) return null;
  const from = statusOf(workflow, record);
  const now = Date.now();
  const facts = await ctx.engine.facts(entity.name, store, now);
  for (const t of candidates) {
    if (!t.from.includes(from) || targetOf(t, from) === from) continue;
    if (pickTransition(workflow, entity, t.action, record, user, now, facts) !== t) continue;
    if (failingGuard(workflow, entity, t.action, record, user, now, facts)) continue;
    try {
      return await fire(
        ctx,
        { entity: entity.name, id: record.id, action: t.action, version: record.version },
        user,
        store,
      );
    } catch (e) {
      if (e instanceof AppError) return null;
      throw e;
    }
  }
  return null;
}
