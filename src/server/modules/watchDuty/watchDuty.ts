import type { AppContext } from '../../platform/AppContext.js';
import { AppError } from '../../platform/http/AppError.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import type { OnDuty, WatchShift } from '../../../shared/contracts/watchDuty.js';

export const WATCH_ENTITY = 'keepWatchPerson';

function refuse(field: string, label: string, message: string): AppError {
  return AppError.invalid([{ field, label, message }]);
}

/** The shifts of the site settings (seeded from schemas/settings.json watchShifts), in their order. */
export async function watchShifts(ctx: AppContext): Promise<WatchShift[]> {
  const rows = await ctx.database.db
    .selectFrom('watch_shifts')
    .select(['code', 'name', 'start_time', 'end_time'])
    .orderBy('sort_no')
    .execute();
  return rows.map((r) => ({
    key: String(r.code),
    value: String(r.name),
    startTime: String(r.start_time),
    endTime: String(r.end_time),
  }));
}

/** Who is on duty on the given day ('YYYY-MM-DD'), in shift order. */
export async function onDutyOn(ctx: AppContext, date: string): Promise<OnDuty[]> {
  const entity = ctx.schemas.entities.get(WATCH_ENTITY);
  if (!entity) return [];
  const { rows } = await KyselyRecordStore.of(ctx.database).list(entity, {
    where: { t: 'cmp', field: 'dutyDate', op: '=', value: date },
    sort: [],
    offset: 0,
    limit: 100,
  });
  const order = new Map((await watchShifts(ctx)).map((s, i) => [s.key, i]));
  return rows
    .map((r: StoredRecord) => ({
      date,
      shift: String(r.shift),
      shiftName: String(r.shiftName ?? r.shift),
      userId: Number(r.userId),
      personName: String(r.personName ?? ''),
      phone: (r.phone as string | null) ?? null,
      note: (r.note as string | null) ?? null,
    }))
    .sort((a, b) => (order.get(a.shift) ?? 99) - (order.get(b.shift) ?? 99));
}

/**
 * The save checks of a duty record: the shift must be one of the settings' shifts and the person an
 * existing account; one person per day and shift. The shift's name and place in the day and the
 * person's name are copied on the record (lists read them without a join and list a day's shifts in
 * their order), and the person's mobile when no phone is given.
 */
export function registerWatchDutyHooks(ctx: AppContext): void {
  ctx.engine.on(WATCH_ENTITY, {
    beforeSave: async ({ ctx, next, existing }) => {
      const shifts = await watchShifts(ctx);
      const shift = shifts.find((s) => s.key === next.shift);
      if (!shift) throw refuse('shift', '班次', '请选择系统设置中的班次');
      const user = await ctx.database.db
        .selectFrom('users')
        .select(['id', 'real_name', 'mobile'])
        .where('id', '=', Number(next.userId))
        .executeTakeFirst();
      if (!user) throw refuse('userId', '值班人员', '所选值班人员不存在');
      const entity = ctx.schemas.entities.get(WATCH_ENTITY)!;
      const { rows } = await KyselyRecordStore.of(ctx.database).list(entity, {
        where: {
          t: 'and',
          items: [
            { t: 'cmp', field: 'dutyDate', op: '=', value: String(next.dutyDate) },
            { t: 'cmp', field: 'shift', op: '=', value: shift.key },
          ],
        },
        sort: [],
        offset: 0,
        limit: 2,
      });
      if (rows.some((r) => r.id !== existing?.id))
        throw refuse('shift', '班次', `${String(next.dutyDate)} ${shift.value}已安排值班人员`);
      const phone =
        next.phone === null || next.phone === undefined || next.phone === '' ? (user.mobile ?? null) : next.phone;
      return { shiftName: shift.value, shiftOrder: shifts.indexOf(shift), personName: String(user.real_name), phone };
    },
  });
}
