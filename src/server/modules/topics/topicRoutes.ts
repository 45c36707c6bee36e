import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext.js';
import { currentUser } from '../../platform/auth/authPlugin.js';
import { contentDisposition } from '../../platform/resources/csv.js';
import { exportTopics, parseIds } from './topicExport.js';

const subAct = { type: 'string', maxLength: 8 } as const;

/**
 * The topics module: its checks inside the engine (notices, applications, eligibility, numbers),
 * the expiry job and the zip export of selected topics (the topic list's 导出).
 */
export async function topicRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;

  app.post(
    '/topics/export',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { ids: { type: 'string', maxLength: 3400 }, subAct },
          additionalProperties: false,
        },
        body: { type: 'object', properties: { subAct }, additionalProperties: false },
      },
    },
    async (request, reply) => {
      const ids = parseIds((request.query as { ids?: string }).ids);
      const { filename, stream } = await exportTopics(ctx, currentUser(request), ids);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(filename))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
