import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { jsonParameter } from '../http/inputGuard.js';
import type { ResourceService } from './ResourceService.js';
import { entityParams as params, listPaging, subAct } from './routeParams.js';

type ListQuery = { pageId?: string; page?: number; pageSize?: number; filters?: string; sort?: string };

/**
 * The public reads by GET, beside their POST forms: a visitor's browser (and a proxy) may keep a
 * GET answer and revalidate it by its ETag (http/publicCaching.ts), getting 304 while no record it
 * shows has changed. The list request travels as query parameters, filters and sort as JSON.
 */
export function publicReadRoutes(app: FastifyInstance, service: ResourceService): void {
  app.get<{ Params: { entity: string }; Querystring: ListQuery }>(
    '/public/:entity/list',
    {
      config: { auth: 'public' },
      schema: {
        params,
        querystring: {
          type: 'object',
          properties: {
            ...listPaging,
            filters: { type: 'string', maxLength: 8000 },
            sort: { type: 'string', maxLength: 1000 },
          },
          additionalProperties: false,
        },
      },
    },
    async (req) => {
      const { pageId, page, pageSize, filters, sort } = req.query;
      const body: Record<string, unknown> = { pageId, page, pageSize };
      const parsedFilters = jsonParameter(filters, 'filters');
      const parsedSort = jsonParameter(sort, 'sort');
      if (parsedFilters !== undefined) body.filters = parsedFilters;
      if (parsedSort !== undefined) body.sort = parsedSort;
      for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
      return ok(await service.publicList(req.params.entity, body));
    },
  );
  app.get<{ Params: { entity: string }; Querystring: { id: string } }>(
    '/public/:entity/get',
    {
      config: { auth: 'public' },
      schema: {
        params,
        querystring: {
          type: 'object',
          properties: { subAct, id: { type: 'string', pattern: '^[0-9]{1,10}$' } },
          required: ['id'],
          additionalProperties: false,
        },
      },
    },
    async (req) => ok(await service.publicGet(req.params.entity, { id: req.query.id })),
  );
}
