import type { AppContext } from '../../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import type { StoredRecord } from './RecordStore.js';

/** What a module learns after a record of an entity was created, saved or moved by a transition. */
export interface RecordChange {
  entity: string;
  /** The record as committed. */
  record: StoredRecord;
  /** 'create', 'update' or the workflow action. */
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  /** null: the server itself (system transitions). */
  user: SessionUser | null;
}

export type RecordHook = (ctx: AppContext, change: RecordChange) => Promise<void>;

const hooks = new Map<string, Map<string, RecordHook>>();

/**
 * A module's reaction to changes of an entity (notify people, keep its own rows in step), run after
 * the change is committed. Keyed, so registering again (several apps in one process) replaces.
 */
export function onRecordChange(entity: string, key: string, hook: RecordHook): void {
  let byKey = hooks.get(entity);
  if (!byKey) hooks.set(entity, (byKey = new Map()));
  byKey.set(key, hook);
}

/** Runs the hooks of the change's entity; a failing hook is logged and does not undo the change. */
export async function runRecordHooks(ctx: AppContext, change: RecordChange): Promise<void> {
  for (const [key, hook] of hooks.get(change.entity) ?? []) {
    try {
      await hook(ctx, change);
    } catch (err) {
      ctx.log.error({ err, entity: change.entity, hook: key }, 'record hook failed');
    }
  }
}
