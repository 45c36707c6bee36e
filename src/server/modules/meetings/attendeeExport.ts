import { loadExcel } from '../../platform/resources/loadExcel.js';
import type { AppContext } from '../../AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { ResourceService } from '../../platform/resources/ResourceService.js';
import { maskPhone } from '../../../shared/masks.js';
import { neutraliseCell } from '../../../shared/neutraliseCell.js';
import { formatDateTime } from '../../platform/records/time.js';
import { peopleByIds } from './people.js';

const CONFIRMATION: Record<string, string> = { '0': '待确认', '1': '已确认参会', '2': '不参会' };

/**
 * The attendee list of one meeting as an .xlsx workbook (exceljs): name, unit, role, phone
 * (masked unless the viewer is an administrator), confirmation, reason, sign-in. Whoever may read
 * the meeting may export it. Every text cell passes neutraliseCell, so nothing in it runs as a formula.
 */
export async function exportAttendees(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<{ filename: string; bytes: Buffer }> {
  const meeting = await new ResourceService(ctx).get('meeting', { id }, user);
  const entity = ctx.schemas.entities.get('meetingAttendee')!;
  const { rows } = await KyselyRecordStore.of(ctx.database).list(entity, {
    where: { t: 'cmp', field: 'meetingId', op: '=', value: id },
    sort: [{ field: 'id', order: 'asc' }],
    offset: 0,
    limit: 10_000,
  });
  const people = await peopleByIds(
    ctx.database.db,
    rows.map((r) => Number(r.userId)),
  );

  const book = new (await loadExcel()).Workbook();
  book.creator = '教育科研课题管理平台';
  const sheet = book.addWorksheet('参会人员');
  sheet.columns = [
    { header: '序号', key: 'no', width: 6 },
    { header: '姓名', key: 'name', width: 14 },
    { header: '单位', key: 'unit', width: 28 },
    { header: '参会身份', key: 'role', width: 12 },
    { header: '联系电话', key: 'phone', width: 16 },
    { header: '确认情况', key: 'confirm', width: 12 },
    { header: '不参会原因', key: 'reason', width: 28 },
    { header: '签到情况', key: 'signIn', width: 20 },
  ];
  sheet.getRow(1).font = { bold: true };
  rows.forEach((r, i) => {
    const mobile = people.get(Number(r.userId))?.mobile ?? '';
    const text = (v: unknown) => neutraliseCell(v === null || v === undefined ? '' : String(v));
    sheet.addRow({
      no: i + 1,
      name: text(r.name),
      unit: text(r.unit),
      role: text(r.roleName),
      phone: text(user.isAdmin ? mobile : maskPhone(mobile)),
      confirm: CONFIRMATION[String(r.status)] ?? '',
      reason: text(r.reason),
      signIn: r.signedAt
        ? `已签到 ${typeof r.signedAt === 'number' ? formatDateTime(r.signedAt) : String(r.signedAt)}`
        : '未签到',
    });
  });
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  const title = String(meeting.title ?? '会议')
    .replace(/[\\/:*?"<>|\r\n]/g, '_')
    .slice(0, 60);
  return { filename: `${title}_参会人员.xlsx`, bytes };
}
