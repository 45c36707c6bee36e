import type { AppContext } from '../../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import type { StoredRecord } from './RecordStore.js';

/**
 * A module's completion of a record BEFORE the save's transaction opens, for work that writes
 * other tables through the database handle (e.g. the expert library creates or links a user
 * account): inside the transaction (hooks.ts onSave) such a write would wait on the transaction's
 * own connection. A hook sees the record as it will be stored, may throw an AppError to refuse the
 * save, and returns values to set (read-only fields included). Checks that only read or write
 * records belong in hooks.ts onSave.
 */
export type BeforeSaveHook = (args: {
  ctx: AppContext;
  next: Omit<StoredRecord, 'id' | 'version'> & { id?: number };
  existing: StoredRecord | null;
  user: SessionUser;
}) => Promise<Record<string, unknown> | void>;

const hooks = new Map<string, BeforeSaveHook>();

export function onBeforeSave(entity: string, hook: BeforeSaveHook): void {
  hooks.set(entity, hook);
}

export async function runBeforeSave(
  ctx: AppContext, entity: string, next: Omit<StoredRecord, 'id' | 'version'> & { id?: number }, existing: StoredRecord | null, user: SessionUser,
): Promise<void> {
  const hook = hooks.get(entity);
  if (!hook) return;
  const patch = await hook({ ctx, next, existing, user });
  if (patch) Object.assign(next, patch);
}
