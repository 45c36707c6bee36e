import { writeXlsx } from '../../platform/resources/xlsxWriter.js';
import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { scopeFilter } from '../../platform/records/access.js';
import { ResourceService } from '../../platform/resources/ResourceService.js';
import { maskPhone } from '../../../shared/masks.js';
import { formatDateTime } from '../../platform/records/time.js';
import { peopleByIds } from './people.js';

const CONFIRMATION: Record<string, string> = { '0': '待确认', '1': '已确认参会', '2': '不参会' };

/**
 * The attendee list of one meeting as an .xlsx workbook (the shared xlsxWriter): name, unit, role, phone
 * (masked unless the viewer is an administrator), confirmation, reason, sign-in. Whoever may read
 * the meeting may export it, with the attendee rows they may read: an attendee gets their own row.
 * The writer neutralises every text cell, so nothing in it runs as a formula.
 */
export async function exportAttendees(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<{ filename: string; bytes: Buffer }> {
  const meeting = await new ResourceService(ctx).get('meeting', { id }, user);
  const entity = ctx.schemas.entities.get('meetingAttendee')!;
  // The rows the caller may read of the attendee records (schema access): the organisers all of
  // them, an attendee their own only, so nobody exports another's reason for not attending.
  const { rows } = await KyselyRecordStore.of(ctx.database).list(entity, {
    where: {
      t: 'and',
      items: [{ t: 'cmp', field: 'meetingId', op: '=', value: id }, scopeFilter(entity, 'read', user)],
    },
    sort: [{ field: 'id', order: 'asc' }],
    offset: 0,
    limit: 10_000,
  });
  const people = await peopleByIds(
    ctx.database.db,
    rows.map((r) => Number(r.userId)),
  );

  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const bytes = await writeXlsx([
    {
      name: '参会人员',
      header: ['序号', '姓名', '单位', '参会身份', '联系电话', '确认情况', '不参会原因', '签到情况'],
      rows: rows.map((r, i) => {
        const mobile = people.get(Number(r.userId))?.mobile ?? '';
        return [
          i + 1,
          text(r.name),
          text(r.unit),
          text(r.roleName),
          user.isAdmin ? mobile : maskPhone(mobile),
          CONFIRMATION[String(r.status)] ?? '',
          text(r.reason),
          r.signedAt
            ? `已签到 ${typeof r.signedAt === 'number' ? formatDateTime(r.signedAt) : String(r.signedAt)}`
            : '未签到',
        ];
      }),
    },
  ]);
  const title = String(meeting.title ?? '会议')
    .replace(/[\\/:*?"<>|\r\n]/g, '_')
    .slice(0, 60);
  return { filename: `${title}_参会人员.xlsx`, bytes };
}
