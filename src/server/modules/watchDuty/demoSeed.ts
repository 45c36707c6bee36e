import type { AppContext } from '../../platform/AppContext.js';
import { demoActor } from '../../platform/seed/demoActor.js';
import { syncEntityTables } from '../../platform/records/entityTables.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { ResourceService } from '../../platform/resources/ResourceService.js';
import { formatDate } from '../../platform/records/time.js';
import { watchShifts, WATCH_ENTITY } from './watchDuty.js';

const DAY = 24 * 3600_000;
/** The demo administrators take the shifts in turn. */
const ROTA = ['province', 'admin', 'city1123', 'city1101'];

/**
 * A duty roster for the next two weeks (today included): every shift of the settings on every day,
 * saved through the engine as the system administrator would, so the save checks and copies are
 * the real ones. Only while the roster is empty.
 */
export async function seedWatchDutyDemo(ctx: AppContext, now = Date.now()): Promise<boolean> {
  const entity = ctx.schemas.entities.get(WATCH_ENTITY);
  if (!entity) return false;
  await syncEntityTables(ctx.database, [entity]);
  const store = KyselyRecordStore.of(ctx.database);
  if ((await store.list(entity, { where: { t: 'const', value: true }, sort: [], offset: 0, limit: 1 })).total > 0)
    return false;
  // The seed runs before the routes register the checks; registering twice is harmless.
  const admin = await demoActor(ctx, 'admin');
  const people: number[] = [];
  for (const name of ROTA) people.push((await demoActor(ctx, name)).userId);
  const shifts = await watchShifts(ctx);
  const service = new ResourceService(ctx);
  for (let day = 0; day < 14; day++) {
    for (const [i, shift] of shifts.entries()) {
      await service.save(
        WATCH_ENTITY,
        {
          dutyDate: formatDate(now + day * DAY),
          shift: shift.key,
          userId: people[(day + i) % people.length],
          note: shift.key === 'night' ? '夜间值班请保持手机畅通' : null,
        },
        admin,
      );
    }
  }
  return true;
}
