import type { FastifyInstance } from 'fastify';
import type { DashboardPageDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../platform/AppContext.js';
import { currentUser } from '../../platform/auth/authPlugin.js';
import { AppError } from '../../platform/http/AppError.js';
import { contractRoute } from '../../platform/http/contractRoute.js';
import { workbenchCalls } from '../../../shared/contracts/workbench.js';
import { dashboardData } from './workbenchData.js';

/** POST /api/workbench/data { pageId }: a dashboard page's figures and rows for the logged-in user. */
export async function workbenchRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  contractRoute(
    app,
    workbenchCalls.data,
    {
      body: {
        type: 'object',
        properties: {
          subAct: { type: 'string', maxLength: 8 },
          pageId: { type: 'string', minLength: 1, maxLength: 200 },
        },
        required: ['pageId'],
        additionalProperties: false,
      },
    },
    async (req) => {
      const page = ctx.schemas.pages.get(req.body.pageId);
      if (!page || page.kind !== 'dashboard') throw AppError.notFound('页面不存在');
      return { blocks: await dashboardData(ctx, page as DashboardPageDef, currentUser(req)) };
    },
  );
}
