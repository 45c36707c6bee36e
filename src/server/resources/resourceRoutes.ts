import type { FastifyInstance } from 'fastify';
import type { EntityDef } from '../../shared/schema/types.js';
import type { AppContext } from '../AppContext.js';
import { currentUser } from '../auth/authPlugin.js';
import { AppError } from '../http/AppError.js';
import { ok } from '../http/envelope.js';
import { hasRight } from './access.js';
import { contentDisposition } from './csv.js';
import { syncEntityTables } from './entityTables.js';
import { MAX_PAGE_SIZE, ResourceService } from './ResourceService.js';

const entityParams = {
  type: 'object',
  properties: { entity: { type: 'string', pattern: '^[a-z][a-zA-Z0-9]*$', maxLength: 48 } },
  required: ['entity'],
} as const;

const subAct = { type: 'string', maxLength: 8 } as const;
const idValue = { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string', pattern: '^[0-9]{1,15}$' }] } as const;

const listBody = {
  type: 'object',
  properties: {
    subAct,
    pageId: { type: 'string', maxLength: 200 },
    page: { type: 'integer', minimum: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
    // Shape checked field by field against the entity (ResourceService.listQuery).
    filters: {},
    sort: {},
  },
  additionalProperties: false,
} as const;

const idBody = {
  type: 'object',
  properties: { subAct, id: idValue },
  required: ['id'],
  additionalProperties: false,
} as const;

/** Save bodies hold the entity's fields: checked against the entity schema by validateFields. */
const saveBody = { type: 'object' } as const;

const deleteBody = {
  type: 'object',
  properties: { subAct, ids: { type: 'array', items: idValue, minItems: 1, maxItems: 500 }, id: idValue },
  additionalProperties: false,
} as const;

const transitionBody = {
  type: 'object',
  properties: {
    subAct, id: idValue, version: { type: 'integer', minimum: 1 },
    action: { type: 'string', minLength: 1, maxLength: 48 }, comment: { type: ['string', 'null'], maxLength: 2000 },
  },
  required: ['id', 'version', 'action'],
  additionalProperties: false,
} as const;

const exportBody = {
  type: 'object',
  properties: { subAct, pageId: { type: 'string', maxLength: 200 }, filters: {}, sort: {} },
  additionalProperties: false,
} as const;

/** A public page's entity as visitors get it: only the fields they may read. */
function publicView(entity: EntityDef): EntityDef {
  const visible = new Set(entity.access.public?.fields ?? []);
  const fields = Object.fromEntries(Object.entries(entity.fields).filter(([name]) => visible.has(name)));
  return { ...entity, fields, access: { read: [], create: [], update: [], delete: [], public: entity.access.public } };
}

/**
 * The resources engine over HTTP: /api/resource/{entity}/..., /api/public/{entity}/..., and the
 * schemas the browser runtime renders (/api/schema/page, /api/schema/routes, /api/workflow/get).
 */
export async function resourceRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  await syncEntityTables(ctx.database, ctx.schemas.entities.values());
  const service = new ResourceService(ctx);
  type P = { Params: { entity: string }; Body: Record<string, unknown> };

  app.post<P>('/resource/:entity/list', { schema: { params: entityParams, body: listBody } }, async (req) =>
    ok(await service.list(req.params.entity, req.body ?? {}, currentUser(req))));
  app.post<P>('/resource/:entity/get', { schema: { params: entityParams, body: idBody } }, async (req) =>
    ok(await service.get(req.params.entity, req.body, currentUser(req))));
  app.post<P>('/resource/:entity/save', { schema: { params: entityParams, body: saveBody } }, async (req) =>
    ok(await service.save(req.params.entity, req.body, currentUser(req)), '保存成功'));
  app.post<P>('/resource/:entity/delete', { schema: { params: entityParams, body: deleteBody } }, async (req) =>
    ok(await service.remove(req.params.entity, req.body, currentUser(req)), '删除成功'));
  app.post<P>('/resource/:entity/transition', { schema: { params: entityParams, body: transitionBody } }, async (req) =>
    ok(await service.transition(req.params.entity, req.body, currentUser(req)), '操作成功！'));
  app.post<P>('/resource/:entity/log', { schema: { params: entityParams, body: idBody } }, async (req) =>
    ok(await service.logs(req.params.entity, req.body, currentUser(req))));
  app.post<P>('/resource/:entity/export', { schema: { params: entityParams, body: exportBody } }, async (req, reply) => {
    const { filename, csv } = await service.exportCsv(req.params.entity, req.body ?? {}, currentUser(req));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(filename))
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.post<P>('/public/:entity/list', { config: { auth: 'public' }, schema: { params: entityParams, body: listBody } }, async (req) =>
    ok(await service.publicList(req.params.entity, req.body ?? {})));
  app.post<P>('/public/:entity/get', { config: { auth: 'public' }, schema: { params: entityParams, body: idBody } }, async (req) =>
    ok(await service.publicGet(req.params.entity, req.body)));

  app.post<{ Body: { id: string } }>('/schema/page', {
    config: { auth: 'optional' },
    schema: { body: { type: 'object', properties: { subAct, id: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['id'], additionalProperties: false } },
  }, async (req) => {
    const page = ctx.schemas.pages.get(req.body.id);
    if (!page) throw AppError.notFound('页面不存在');
    const entity = ctx.schemas.entities.get(page.entity)!;
    const workflow = entity.workflow ? ctx.schemas.workflows.get(entity.workflow) ?? null : null;
    if ((page as { source?: string }).source === 'public') return ok({ page, entity: publicView(entity), workflow });
    const user = req.user;
    if (!user) throw AppError.notLoggedIn();
    if (!hasRight(entity, 'read', user) && !hasRight(entity, 'create', user)) throw AppError.forbidden();
    return ok({ page, entity, workflow });
  });

  app.post('/schema/routes', {
    config: { auth: 'public' },
    schema: { body: { type: 'object', properties: { subAct }, additionalProperties: false } },
  }, async () => ok({ routes: ctx.schemas.routes }));

  app.post<{ Body: { name: string } }>('/workflow/get', {
    schema: { body: { type: 'object', properties: { subAct, name: { type: 'string', minLength: 1, maxLength: 48 } }, required: ['name'], additionalProperties: false } },
  }, async (req) => {
    const wf = ctx.schemas.workflows.get(req.body.name);
    if (!wf) throw AppError.notFound('流程不存在');
    return ok(wf);
  });
}
