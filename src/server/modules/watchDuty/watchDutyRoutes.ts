import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/AppContext.js';
import { currentUser } from '../../platform/auth/authPlugin.js';
import { contractRoute } from '../../platform/http/contractRoute.js';
import { formatDate } from '../../platform/records/time.js';
import { emptyBodyIsObject, objectSchema } from '../../platform/http/requestSchemas.js';
import { signingSecret } from '../../platform/reference/settingsStore.js';
import { issueWatchToken } from '../system/watchToken.js';
import { maskPhone } from '../../../shared/masks.js';
import { hasRight } from '../../platform/records/access.js';
import { applyMasks } from '../../platform/records/fieldMasks.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import { onDutyOn, WATCH_ENTITY, watchShifts } from './watchDuty.js';
import { watchDutyCalls } from '../../../shared/contracts/watchDuty.js';

const EMPTY_BODY = { body: objectSchema(), querystring: objectSchema() };

/**
 * Watch duty (SPEC §7): the shifts of the site settings, and a short-lived signed token for the
 * duty feature that also names who is on duty today. The roster itself is the keepWatchPerson
 * entity, kept by administrators on /systemManagement/keepWatch.
 */
export async function watchDutyRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  emptyBodyIsObject(app);

  contractRoute(app, watchDutyCalls.shifts, EMPTY_BODY, async () => watchShifts(ctx));

  contractRoute(app, watchDutyCalls.token, EMPTY_BODY, async (request) => {
    const user = currentUser(request);
    const today = formatDate(Date.now());
    // Everyone signed in may reach the person on duty; the phone follows the roster's masking rule
    // (its schema's unmaskFor): whole to the person on duty and to whom may edit the roster (its
    // update rules hold for every record), masked to everyone else.
    const roster = ctx.schemas.entities.get(WATCH_ENTITY);
    const manages = roster ? hasRight(roster, 'update', user) : false;
    const onDuty = (await onDutyOn(ctx, today)).map((d) => {
      const out: Record<string, unknown> = { ...d };
      if (roster) applyMasks(roster, d as unknown as StoredRecord, out, user, () => manages);
      else if (d.phone) out.phone = maskPhone(d.phone);
      return out as unknown as typeof d;
    });
    const token = issueWatchToken(
      { sub: user.userId, role: user.roleCode },
      await signingSecret(ctx.database.db, ctx.config.secret),
    );
    return { ...token, date: today, onDuty };
  });
}
