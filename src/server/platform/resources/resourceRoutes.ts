import type { FastifyInstance } from 'fastify';
import { entityLessAccess, namesEntity } from '../../../shared/schema/pageKindTraits.js';
import type { EntityDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../AppContext.js';
import { currentUser } from '../auth/authPlugin.js';
import { AppError } from '../http/AppError.js';
import { ok } from '../http/envelope.js';
import { hasRight } from '../records/access.js';
import { contentDisposition } from './csv.js';
import { syncEntityTables } from '../records/entityTables.js';
import { syncEntityIndexes } from '../records/entityIndexes.js';
import { ResourceService } from './ResourceService.js';
import { importFields, importTemplate, importXlsx } from './importXlsx.js';
import { publicReadRoutes } from './publicReadRoutes.js';
import { entityParams, idValue, listPaging, subAct } from './routeParams.js';
import { routesWithChunks } from '../schemas/routesWithChunks.js';

const listBody = {
  type: 'object',
  properties: {
    ...listPaging,
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
    subAct,
    id: idValue,
    version: { type: 'integer', minimum: 1 },
    action: { type: 'string', minLength: 1, maxLength: 48 },
    comment: { type: ['string', 'null'], maxLength: 2000 },
  },
  required: ['id', 'version', 'action'],
  additionalProperties: false,
} as const;

/** The xlsx travels base64-encoded in JSON (at most about 6 MB of file). */
const importBody = {
  type: 'object',
  properties: {
    subAct,
    pageId: { type: 'string', minLength: 1, maxLength: 200 },
    fileName: { type: 'string', maxLength: 200 },
    content: { type: 'string', minLength: 1, maxLength: 8 * 1024 * 1024, pattern: '^[A-Za-z0-9+/=]+$' },
  },
  required: ['pageId', 'content'],
  additionalProperties: false,
} as const;
const templateBody = {
  type: 'object',
  properties: { subAct, pageId: { type: 'string', minLength: 1, maxLength: 200 } },
  required: ['pageId'],
  additionalProperties: false,
} as const;

const exportBody = {
  type: 'object',
  properties: {
    subAct,
    pageId: { type: 'string', maxLength: 200 },
    filters: {},
    sort: {},
    format: { type: 'string', enum: ['xlsx', 'csv'] },
  },
  additionalProperties: false,
} as const;

/** The empty entity the bundle of a page without one carries (PageBundle always has one). */
function entityLess(kind: string, title: string): EntityDef {
  return { name: kind, label: title, fields: {}, access: { read: [], create: [], update: [], delete: [] } };
}

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
  await syncEntityIndexes(ctx.database, ctx.schemas.entities.values(), ctx.schemas);
  const service = new ResourceService(ctx);
  type P = { Params: { entity: string }; Body: Record<string, unknown> };
  /** A virtual entity's adapter (module data answered in the engine's shapes), else the engine. */
  const virt = (name: string) => {
    const adapter = ctx.engine.virtual(name);
    // A virtual entity without an adapter (a visitor form's fields, say) has no table: nothing here serves it.
    if (!adapter && ctx.schemas.entities.get(name)?.virtual) throw AppError.forbidden();
    return adapter;
  };
  const virtual = <K extends 'remove' | 'transition' | 'logs'>(name: string, call: K) => {
    const v = virt(name);
    if (!v) return undefined;
    const fn = v[call];
    if (!fn) throw AppError.forbidden();
    return fn.bind(v) as NonNullable<typeof fn>;
  };

  app.post<P>('/resource/:entity/list', { schema: { params: entityParams, body: listBody } }, async (req) =>
    ok(
      await (virt(req.params.entity)?.list ?? service.list.bind(service, req.params.entity))(
        req.body ?? {},
        currentUser(req),
      ),
    ),
  );
  app.post<P>('/resource/:entity/get', { schema: { params: entityParams, body: idBody } }, async (req) =>
    ok(
      await (virt(req.params.entity)?.get ?? service.get.bind(service, req.params.entity))(req.body, currentUser(req)),
    ),
  );
  app.post<P>('/resource/:entity/save', { schema: { params: entityParams, body: saveBody } }, async (req) =>
    ok(
      await (virt(req.params.entity)?.save ?? service.save.bind(service, req.params.entity))(
        req.body,
        currentUser(req),
      ),
      // A save that also fires a transition (a form's 提交) says what a transition says.
      req.body._action ? '操作成功！' : '保存成功',
    ),
  );
  app.post<P>('/resource/:entity/delete', { schema: { params: entityParams, body: deleteBody } }, async (req) =>
    ok(
      await (virtual(req.params.entity, 'remove') ?? service.remove.bind(service, req.params.entity))(
        req.body,
        currentUser(req),
      ),
      '删除成功',
    ),
  );
  app.post<P>('/resource/:entity/transition', { schema: { params: entityParams, body: transitionBody } }, async (req) =>
    ok(
      await (virtual(req.params.entity, 'transition') ?? service.transition.bind(service, req.params.entity))(
        req.body,
        currentUser(req),
      ),
      '操作成功！',
    ),
  );
  app.post<P>('/resource/:entity/log', { schema: { params: entityParams, body: idBody } }, async (req) =>
    ok(
      await (virtual(req.params.entity, 'logs') ?? service.logs.bind(service, req.params.entity))(
        req.body,
        currentUser(req),
      ),
    ),
  );
  app.post<P>(
    '/resource/:entity/export',
    { schema: { params: entityParams, body: exportBody } },
    async (req, reply) => {
      if (virt(req.params.entity)) throw AppError.forbidden();
      const file = await service.exportList(req.params.entity, req.body ?? {}, currentUser(req));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  );

  app.post<P>(
    '/resource/:entity/import',
    { bodyLimit: 9 * 1024 * 1024, schema: { params: entityParams, body: importBody } },
    async (req) => {
      if (virt(req.params.entity)) throw AppError.forbidden();
      const entity = service.entity(req.params.entity);
      const fields = importFields(ctx, entity, req.body.pageId);
      const report = await importXlsx(
        ctx,
        service,
        entity,
        fields,
        Buffer.from(String(req.body.content), 'base64'),
        currentUser(req),
      );
      return ok(report, `导入完成：成功${report.created}条，失败${report.rejected.length}条`);
    },
  );
  app.post<P>(
    '/resource/:entity/importTemplate',
    { schema: { params: entityParams, body: templateBody } },
    async (req, reply) => {
      const entity = service.entity(req.params.entity);
      if (!hasRight(entity, 'create', currentUser(req))) throw AppError.forbidden();
      const xlsx = await importTemplate(entity, importFields(ctx, entity, req.body.pageId));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(`${entity.label}导入模板.xlsx`))
        .header('cache-control', 'no-store')
        .send(xlsx);
    },
  );

  app.post<P>(
    '/public/:entity/list',
    { config: { auth: 'public' }, schema: { params: entityParams, body: listBody } },
    async (req) => ok(await service.publicList(req.params.entity, req.body ?? {})),
  );
  app.post<P>(
    '/public/:entity/get',
    { config: { auth: 'public' }, schema: { params: entityParams, body: idBody } },
    async (req) => ok(await service.publicGet(req.params.entity, req.body)),
  );
  publicReadRoutes(app, service);

  app.post<{ Body: { id: string } }>(
    '/schema/page',
    {
      config: { auth: 'optional' },
      schema: {
        body: {
          type: 'object',
          properties: { subAct, id: { type: 'string', minLength: 1, maxLength: 200 } },
          required: ['id'],
          additionalProperties: false,
        },
      },
    },
    async (req) => {
      const page = ctx.schemas.pages.get(req.body.id);
      if (!page) throw AppError.notFound('页面不存在');
      if (!namesEntity(page)) {
        const traits = entityLessAccess(page);
        // A kind without an entity (a dashboard, the studio, a look-up) says who opens its pages; their
        // data comes from their own calls, each checked again (workbench/data, modules/studio, public/...).
        const visitors = traits.public || (page as { source?: string }).source === 'public';
        if (!req.user) {
          if (!visitors) throw AppError.notLoggedIn();
        } else if (traits.roles && !traits.roles.includes(req.user.roleCode)) throw AppError.forbidden();
        return ok({ page, entity: entityLess(page.kind, page.title), workflow: null });
      }
      const entity = ctx.schemas.entities.get(page.entity)!;
      const workflow = entity.workflow ? (ctx.schemas.workflows.get(entity.workflow) ?? null) : null;
      if ((page as { source?: string }).source === 'public') return ok({ page, entity: publicView(entity), workflow });
      // A visitor's form (sign-up): its entity holds only what the visitor types, and the module endpoint decides.
      if (page.kind === 'form' && page.publicSubmit) return ok({ page, entity, workflow });
      const user = req.user;
      if (!user) throw AppError.notLoggedIn();
      if (!hasRight(entity, 'read', user) && !hasRight(entity, 'create', user)) throw AppError.forbidden();
      return ok({ page, entity, workflow });
    },
  );

  app.post(
    '/schema/routes',
    {
      config: { auth: 'public' },
      schema: { body: { type: 'object', properties: { subAct }, additionalProperties: false } },
    },
    async () => ok({ routes: routesWithChunks(ctx.schemas.routes, ctx.schemas.pages) }),
  );

  app.post<{ Body: { name: string } }>(
    '/workflow/get',
    {
      schema: {
        body: {
          type: 'object',
          properties: { subAct, name: { type: 'string', minLength: 1, maxLength: 48 } },
          required: ['name'],
          additionalProperties: false,
        },
      },
    },
    async (req) => {
      const wf = ctx.schemas.workflows.get(req.body.name);
      if (!wf) throw AppError.notFound('流程不存在');
      return ok(wf);
    },
  );
}
