import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext.js';
import { currentUser } from '../auth/authPlugin.js';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/AppError.js';
import { MESSAGES } from '../../../shared/envelope.js';
import { emptyBodyIsObject, objectSchema } from '../http/requestSchemas.js';
import { formatDateTime } from '../records/time.js';
import { MAX_PAGE } from '../http/inputGuard.js';

const idValue = {
  anyOf: [
    { type: 'integer', minimum: 1 },
    { type: 'string', pattern: '^[0-9]{1,15}$' },
  ],
};
const LIST_BODY = {
  body: objectSchema({
    page: { type: 'integer', minimum: 1, maximum: MAX_PAGE },
    pageSize: { type: 'integer', minimum: 1, maximum: 50 },
    unread: { type: 'boolean' },
  }),
};
const READ_BODY = {
  body: objectSchema({ ids: { type: 'array', items: idValue, minItems: 1, maxItems: 200 }, id: idValue }),
};

/** The bell: my notices, the unread count, marking read. Every call reads and writes only the caller's rows. */
export async function notificationRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { db } = opts.ctx.database;
  emptyBodyIsObject(app);

  const unread = async (userId: number) =>
    Number(
      (
        await db
          .selectFrom('notification')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .where('read_at', 'is', null)
          .executeTakeFirst()
      )?.n ?? 0,
    );

  app.post('/notification/list', { schema: LIST_BODY }, async (request) => {
    const user = currentUser(request);
    const body = request.body as { page?: number; pageSize?: number; unread?: boolean };
    const page = body.page ?? 1;
    const pageSize = body.pageSize ?? 10;
    let q = db.selectFrom('notification').where('user_id', '=', user.userId);
    if (body.unread) q = q.where('read_at', 'is', null);
    const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return ok({
      list: rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        title: r.title,
        body: r.body ?? '',
        link: r.link ?? '',
        read: r.read_at !== null && r.read_at !== undefined,
        createdAt: formatDateTime(Number(r.created_at)),
      })),
      total,
      page,
      pageSize,
      unread: await unread(user.userId),
    });
  });

  app.post('/notification/unreadCount', { schema: { body: objectSchema() } }, async (request) =>
    ok({ unread: await unread(currentUser(request).userId) }),
  );

  app.post('/notification/markRead', { schema: READ_BODY }, async (request) => {
    const user = currentUser(request);
    const body = request.body as { ids?: (number | string)[]; id?: number | string };
    const ids = (body.ids ?? (body.id !== undefined ? [body.id] : [])).map(Number);
    if (!ids.length) throw AppError.invalid();
    await db
      .updateTable('notification')
      .set({ read_at: Date.now() })
      .where('user_id', '=', user.userId)
      .where('id', 'in', ids)
      .where('read_at', 'is', null)
      .execute();
    return ok({ unread: await unread(user.userId) }, MESSAGES.success);
  });

  app.post('/notification/markAllRead', { schema: { body: objectSchema() } }, async (request) => {
    const user = currentUser(request);
    await db
      .updateTable('notification')
      .set({ read_at: Date.now() })
      .where('user_id', '=', user.userId)
      .where('read_at', 'is', null)
      .execute();
    return ok({ unread: 0 }, MESSAGES.success);
  });
}
