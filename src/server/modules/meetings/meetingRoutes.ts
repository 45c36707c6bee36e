import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/AppContext.js';
import { currentUser } from '../../platform/auth/authPlugin.js';
import { contractRoute } from '../../platform/http/contractRoute.js';
import { contentDisposition } from '../../platform/resources/csv.js';
import { emptyBodyIsObject, objectSchema, str } from '../../platform/http/requestSchemas.js';
import { exportAttendees } from './attendeeExport.js';
import { namePeople, searchPeople } from './personSearch.js';
import { meetingCalls } from '../../../shared/contracts/meetings.js';

const idText = { type: 'string', pattern: '^[0-9]{1,12}$' };

/**
 * Meetings beyond the schema engine: attendee records kept in step with a meeting, the person
 * picker's search, and the attendee export (GET ?id=, SPEC §7).
 */
export async function meetingRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  emptyBodyIsObject(app);

  contractRoute(
    app,
    meetingCalls.personSearch,
    {
      body: objectSchema({ keyword: str(50), kind: { type: 'string', enum: ['all', 'expert', 'leader', 'topic'] } }),
    },
    async (request) => searchPeople(ctx, currentUser(request), request.body.kind ?? 'all', request.body.keyword ?? ''),
  );

  contractRoute(
    app,
    meetingCalls.personNames,
    { body: objectSchema({ ids: { type: 'array', items: idText, maxItems: 500 } }, ['ids']) },
    async (request) => namePeople(ctx, currentUser(request), request.body.ids.map(Number)),
  );

  app.get(
    '/meeting/exportAttendees',
    {
      schema: { querystring: objectSchema({ id: idText }, ['id']) },
    },
    async (request, reply) => {
      const { filename, bytes } = await exportAttendees(
        ctx,
        currentUser(request),
        Number((request.query as { id: string }).id),
      );
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(filename))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
}
