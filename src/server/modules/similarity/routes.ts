import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/AppContext.js';
import { currentUser } from '../../platform/auth/authPlugin.js';
import { AppError } from '../../platform/http/AppError.js';
import { contractRoute } from '../../platform/http/contractRoute.js';
import { similarityCalls } from '../../../shared/contracts/similarity.js';
import { topicReport } from './report.js';

/** POST /api/similarity/report { id }: a topic's 查重报告, as much of it as the reader may see (report.ts). */
export async function similarityRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  contractRoute(
    app,
    similarityCalls.report,
    {
      body: {
        type: 'object',
        properties: {
          subAct: { type: 'string', maxLength: 8 },
          id: {
            anyOf: [
              { type: 'integer', minimum: 1 },
              { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
            ],
          },
        },
        required: ['id'],
        additionalProperties: false,
      },
    },
    async (req) => {
      const id = Number(req.body.id);
      if (!Number.isSafeInteger(id) || id < 1) throw AppError.invalid();
      return topicReport(ctx, currentUser(req), id);
    },
  );
}
