import type { FieldChange } from '../../../shared/schema/types.js';
import type { Db } from '../db/tables.js';

export interface LogEntry {
  entity: string;
  recordId: number;
  action: string;
  actionLabel: string;
  fromStatus: string | null;
  toStatus: string | null;
  comment: string | null;
  userId: number | null;
  userName: string | null;
  roleCode: string | null;
  createdAt: number;
  /** Field-level diff of the change (fieldDiff); absent or empty when no field changed. */
  changes?: FieldChange[] | null;
}

/**
 * The one writer of operation-log rows (操作记录), for records and for anything else the log
 * keeps (a published schema version): `db` is the connection or the transaction the change is
 * made in, so the row exists exactly when the change does.
 */
export async function writeLog(db: Db, entry: LogEntry): Promise<void> {
  await db
    .insertInto('operation_log')
    .values({
      entity: entry.entity,
      record_id: entry.recordId,
      action: entry.action,
      action_label: entry.actionLabel,
      from_status: entry.fromStatus,
      to_status: entry.toStatus,
      comment: entry.comment,
      user_id: entry.userId,
      user_name: entry.userName,
      role_code: entry.roleCode,
      created_at: entry.createdAt,
      changes: entry.changes?.length ? JSON.stringify(entry.changes) : null,
    })
    .execute();
}
