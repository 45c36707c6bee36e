import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/AppContext.js';
import { currentUser } from '../../platform/auth/authPlugin.js';
import { contentDisposition } from '../../platform/resources/csv.js';
import { exportTopics, parseIds } from './topicExport.js';
import { argumentSheetTemplate } from './argumentSheetTemplate.js';

const subAct = { type: 'string', maxLength: 8 } as const;

/**
 * The topics module: its checks inside the engine (notices, applications, eligibility, numbers),
 * the expiry job, the zip export of selected topics (the topic list's 导出) and the blank 活页 of a
 * notice that asks for one (下载活页模板).
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

  app.get(
    '/topics/argumentSheetTemplate',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { id: { type: 'string', pattern: '^[0-9]{1,12}$' }, subAct },
          required: ['id'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const id = Number((request.query as { id: string }).id);
      const { filename, bytes } = await argumentSheetTemplate(ctx, currentUser(request), id);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
        .header('content-disposition', contentDisposition(filename))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
}
