import type { EntityDef, TransitionDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import type { RecordStore, StoredRecord } from './RecordStore.js';

/**
 * Module checks that run inside the engine's own transaction, for what no schema rule can say
 * (e.g. "one application per leader per notice" needs other records). A hook throws an AppError
 * (field messages) to refuse; a save hook may also adjust `next` (the record about to be written).
 * Registered per app by the module's route plugin, so test apps never share them.
 */
export interface SaveHookInput {
  entity: EntityDef;
  user: SessionUser;
  /** The stored record before the save; null when creating. */
  existing: StoredRecord | null;
  /** The record about to be written (all fields). */
  next: Record<string, unknown>;
  /** The store bound to the save's transaction. */
  store: RecordStore;
  now: number;
}

export interface TransitionHookInput {
  entity: EntityDef;
  /** null: the server itself (system transitions). */
  user: SessionUser | null;
  /** The record before the transition. */
  record: StoredRecord;
  /** The record about to be written (new status, set fields); a hook may add fields it owns. */
  next: StoredRecord;
  transition: TransitionDef;
  from: string;
  to: string;
  store: RecordStore;
  now: number;
}

export type SaveHook = (ctx: AppContext, input: SaveHookInput) => Promise<void>;
export type TransitionHook = (ctx: AppContext, input: TransitionHookInput) => Promise<void>;

interface Hooks { save: Map<string, SaveHook[]>; transition: Map<string, TransitionHook[]> }
const registry = new WeakMap<AppContext, Hooks>();

function hooksOf(ctx: AppContext): Hooks {
  let h = registry.get(ctx);
  if (!h) { h = { save: new Map(), transition: new Map() }; registry.set(ctx, h); }
  return h;
}

export function onSave(ctx: AppContext, entity: string, hook: SaveHook): void {
  const list = hooksOf(ctx).save.get(entity) ?? [];
  hooksOf(ctx).save.set(entity, [...list, hook]);
}

export function onTransition(ctx: AppContext, entity: string, hook: TransitionHook): void {
  const list = hooksOf(ctx).transition.get(entity) ?? [];
  hooksOf(ctx).transition.set(entity, [...list, hook]);
}

export async function runSaveHooks(ctx: AppContext, input: SaveHookInput): Promise<void> {
  for (const hook of registry.get(ctx)?.save.get(input.entity.name) ?? []) await hook(ctx, input);
}

export async function runTransitionHooks(ctx: AppContext, input: TransitionHookInput): Promise<void> {
  for (const hook of registry.get(ctx)?.transition.get(input.entity.name) ?? []) await hook(ctx, input);
}
