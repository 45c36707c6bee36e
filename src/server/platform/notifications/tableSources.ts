import type { Database } from '../db/database.js';
import type { SessionUser } from '../auth/sessions.js';
import { formatDateTime } from '../../../shared/provinceTime.js';
import { tableExists } from '../db/tableExists.js';
import type { TableSourceName } from '../schemas/tableSourceNames.js';

/** Rows of a table source as a dashboard list shows them. */
export interface TableSourceRow {
  id: string;
  title: string;
  createdAt: string;
  _link?: string;
  [field: string]: unknown;
}

/**
 * Count sources that are tables of a module rather than entities (no schema, their own rules):
 * settings.json names them in `entity` like an entity. Each reads only the caller's rows.
 */
/** What a table source reads through: the database alone (a whole AppContext fits). */
type SourceContext = { database: Database };

export interface TableSource {
  count(ctx: SourceContext, user: SessionUser): Promise<number>;
  rows(ctx: SourceContext, user: SessionUser, limit: number): Promise<TableSourceRow[]>;
}

/** notification: the caller's unread in-app notices (the notifications module's table), newest first. */
const unreadNotices: TableSource = {
  async count(ctx, user) {
    if (!(await tableExists(ctx.database, 'notification'))) return 0;
    const r = await ctx.database.db
      .selectFrom('notification')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', user.userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },
  async rows(ctx, user, limit) {
    if (!(await tableExists(ctx.database, 'notification'))) return [];
    const rows = await ctx.database.db
      .selectFrom('notification')
      .select(['id', 'title', 'link', 'created_at'])
      .where('user_id', '=', user.userId)
      .where('read_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      title: String(r.title ?? ''),
      createdAt: formatDateTime(Number(r.created_at)),
      // Only a path inside the app becomes a link.
      ...(typeof r.link === 'string' && r.link.startsWith('/') && !r.link.startsWith('//') ? { _link: r.link } : {}),
    }));
  },
};

export const TABLE_SOURCES: Record<TableSourceName, TableSource> = { notification: unreadNotices };
