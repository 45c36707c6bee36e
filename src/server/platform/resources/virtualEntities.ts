export type { VirtualEntity } from '../records/Engine.js';
import type { OperationLogRow } from '../../../shared/schema/types.js';
import type { LogEntry, StoredRecord } from '../records/RecordStore.js';
import { formatDateTime } from '../records/time.js';

/** A module's row as a record of its virtual entity: the system fields a page and the access rules read. */
export function virtualRecord(
  id: number,
  fields: Record<string, unknown>,
  system: Partial<StoredRecord> = {},
): StoredRecord {
  return {
    id,
    version: 1,
    status: null,
    ownerId: null,
    areaCode: null,
    createdAt: 0,
    updatedAt: 0,
    createdBy: null,
    updatedBy: null,
    ...system,
    ...fields,
  };
}

/** Operation-log entries as the log tab reads them (the same shape ResourceService.logs answers). */
export function logRows(rows: (LogEntry & { id: number })[]): OperationLogRow[] {
  // Times as every list writes them (the province's), so no reader formats a moment in a zone of its own.
  return rows.map((r) => ({
    id: String(r.id),
    action: r.action,
    actionLabel: r.actionLabel,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    comment: r.comment,
    userId: r.userId === null ? undefined : String(r.userId),
    userName: r.userName ?? undefined,
    roleCode: r.roleCode ?? undefined,
    createdAt: formatDateTime(r.createdAt),
    ...(r.changes?.length ? { changes: r.changes } : {}),
  }));
}
