import type { AppContext } from '../../platform/AppContext.js';
import type { RecordChange } from '../../platform/records/Engine.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import { notify } from '../../platform/notifications/notify.js';
import { idList, peopleByIds, roleNameOf } from './people.js';

export const MEETING_DETAIL = '/meetingManagement/meetingDetail';

/** The meeting's copy on every attendee row: what lists and the meetNum count read without a join. */
function copies(meeting: StoredRecord) {
  return {
    meetingTitle: meeting.title ?? null,
    meetingStart: meeting.startTime ?? null,
    meetingStatus: meeting.status,
  };
}

/**
 * Keeps a meeting's attendee records in step with the meeting: once published, one record per
 * invited person (new ones are told in the bell), people taken off the list lose theirs unless
 * they signed in, and every record carries the meeting's title, time and status. A cancelled
 * meeting tells everyone invited, with its time and the reason given (the transition's comment).
 */
export async function syncAttendees(ctx: AppContext, change: RecordChange): Promise<void> {
  const meeting = change.record;
  if (meeting.status === 'draft' || meeting.status === null) return;
  const attendeeEntity = ctx.schemas.entities.get('meetingAttendee')!;
  const store = KyselyRecordStore.of(ctx.database);
  const now = Date.now();
  const actor = change.user;
  const log = (recordId: number, action: string, actionLabel: string, from: string | null, to: string | null) => ({
    entity: attendeeEntity.name,
    recordId,
    action,
    actionLabel,
    fromStatus: from,
    toStatus: to,
    comment: null,
    userId: actor?.userId ?? null,
    userName: actor?.realName ?? '系统',
    roleCode: actor?.roleCode ?? null,
    createdAt: now,
  });
  const link = `${MEETING_DETAIL}?id=${meeting.id}`;

  const invited: number[] = [];
  // People are read before the transaction: on SQLite a second connection would wait for it.
  const people = meeting.status === '0' ? await peopleByIds(ctx.database.db, idList(meeting.attendeeIds)) : new Map();
  const existing = await store.transaction(async (tx) => {
    const { rows } = await tx.list(attendeeEntity, {
      where: { t: 'cmp', field: 'meetingId', op: '=', value: meeting.id },
      sort: [],
      offset: 0,
      limit: 10_000,
    });
    const byUser = new Map(rows.map((r) => [Number(r.userId), r]));
    const wanted = meeting.status === '0' ? idList(meeting.attendeeIds) : [...byUser.keys()];
    for (const id of wanted) {
      const person = people.get(id);
      if (byUser.has(id) || !person) continue;
      const record = {
        status: '0',
        ownerId: meeting.ownerId,
        areaCode: meeting.areaCode,
        createdAt: now,
        updatedAt: now,
        createdBy: actor?.userId ?? null,
        updatedBy: actor?.userId ?? null,
        meetingId: meeting.id,
        userId: id,
        name: person.name,
        unit: person.unit,
        roleName: roleNameOf(person.roles),
        reason: null,
        respondedAt: null,
        signedAt: null,
        ...copies(meeting),
      };
      const newId = await tx.insert(attendeeEntity, record);
      await tx.log(log(newId, 'create', '邀请参会', null, '0'));
      invited.push(id);
    }
    const keep = new Set(wanted);
    const left: StoredRecord[] = [];
    for (const row of rows) {
      if (meeting.status === '0' && !keep.has(Number(row.userId)) && !row.signedAt) {
        await tx.delete(attendeeEntity, row.id);
        await tx.log(log(row.id, 'delete', '取消邀请', row.status, null));
        continue;
      }
      const c = copies(meeting);
      if (
        row.meetingTitle !== c.meetingTitle ||
        row.meetingStart !== c.meetingStart ||
        row.meetingStatus !== c.meetingStatus
      ) {
        await tx.update(attendeeEntity, { ...row, ...c, updatedAt: now }, row.version);
      }
      left.push(row);
    }
    return left;
  });

  if (invited.length) {
    await notify(ctx, {
      userIds: invited,
      kind: 'meetingInvite',
      title: `会议邀请：${String(meeting.title ?? '')}`,
      body: `会议时间：${String(meeting.startTime ?? '')}${meeting.place ? `，地点：${String(meeting.place)}` : ''}。请确认是否参会。`,
      link,
    });
  }
  if (change.action === 'cancel' && change.fromStatus === '0') {
    await notify(ctx, {
      userIds: existing.map((r) => Number(r.userId)),
      kind: 'meetingCancelled',
      title: `会议已取消：${String(meeting.title ?? '')}`,
      body: `原定于 ${String(meeting.startTime ?? '')} 召开的会议已取消。${change.comment ? `取消原因：${change.comment}` : ''}`,
      link,
    });
  }
}
