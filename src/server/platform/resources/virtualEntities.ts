import type { OperationLogRow } from '../../../shared/schema/types.js';
import type { AppContext } from '../../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import type { ListAnswer } from './ResourceService.js';
import type { LogEntry, StoredRecord } from '../records/RecordStore.js';
import { formatDateTime } from '../records/time.js';

type Body = Record<string, unknown>;

/**
 * An entity whose records are not entity records (users, sub-systems, menus, dictionaries) but
 * which the schema pages administer all the same: its module answers the generic list / get /
 * save / delete / transition / log calls in the same shapes (rows with `_perm`), so the pages stay
 * JSON schemas. The entity's schema says `"virtual": true`; no table is made for it.
 */
export interface VirtualEntity {
  list(body: Body, user: SessionUser): Promise<ListAnswer>;
  get(body: Body, user: SessionUser): Promise<Record<string, unknown>>;
  save(body: Body, user: SessionUser): Promise<Record<string, unknown>>;
  remove?(body: Body, user: SessionUser): Promise<{ deleted: number }>;
  transition?(body: Body, user: SessionUser): Promise<Record<string, unknown>>;
  logs?(body: Body, user: SessionUser): Promise<OperationLogRow[]>;
}

const registries = new WeakMap<AppContext, Map<string, VirtualEntity>>();

/** Registers the adapter of a virtual entity (at start-up, by the module that owns the data). */
export function registerVirtualEntity(ctx: AppContext, name: string, adapter: VirtualEntity): void {
  const entity = ctx.schemas.entities.get(name);
  if (!entity?.virtual) throw new Error(`schemas/entities/${name}.json must exist and say "virtual": true`);
  let map = registries.get(ctx);
  if (!map) registries.set(ctx, (map = new Map()));
  map.set(name, adapter);
}

export function virtualEntity(ctx: AppContext, name: string): VirtualEntity | undefined {
  return registries.get(ctx)?.get(name);
}

/** A module's row as a record of its virtual entity: the system fields a page and the access rules read. */
export function virtualRecord(id: number, fields: Record<string, unknown>, system: Partial<StoredRecord> = {}): StoredRecord {
  return {
    id, version: 1, status: null, ownerId: null, areaCode: null, createdAt: 0, updatedAt: 0, createdBy: null, updatedBy: null,
    ...system, ...fields,
  };
}

/** Operation-log entries as the log tab reads them (the same shape ResourceService.logs answers). */
export function logRows(rows: (LogEntry & { id: number })[]): OperationLogRow[] {
  // Times as every list writes them (the province's), so no reader formats a moment in a zone of its own.
  return rows.map((r) => ({
    id: String(r.id), action: r.action, actionLabel: r.actionLabel, fromStatus: r.fromStatus, toStatus: r.toStatus,
    comment: r.comment, userId: r.userId === null ? undefined : String(r.userId), userName: r.userName ?? undefined,
    roleCode: r.roleCode ?? undefined, createdAt: formatDateTime(r.createdAt), ...(r.changes?.length ? { changes: r.changes } : {}),
  }));
}
