import type { Insertable } from 'kysely';
import type { MenuNode, RouteDef } from '../../../../shared/schema/types.js';
import type { AppContext } from '../../../platform/AppContext.js';
import type { MenuItemsTable } from '../../../platform/db/rows.js';
import type { Db } from '../../../platform/db/tables.js';

export interface MenuRow {
  id: number;
  role_code: string;
  parent_code: string | null;
  name: string;
  code: string;
  path: string;
  icon: string | null;
  sort_no: number;
  invisible: number;
  badge: string | null;
  section: number;
}

/** Every route path of schemas/routes.json: a menu entry may only point at one of them. */
export function routePaths(routes: RouteDef[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: RouteDef[]) =>
    list.forEach((r) => {
      out.add(r.path);
      if (r.children) walk(r.children);
    });
  walk(routes);
  return out;
}

/** Entries of the seed without a code get a made-up one (leading _), never answered to the browser. */
const codeOf = (n: MenuNode) => n.code ?? `_${n.path.split('/').filter(Boolean).join('_')}`;

/**
 * Copies schemas/menus into menu_items: a role without rows gets its whole menu; a role whose menu
 * was seeded before gets the entries the schemas added since (under their section when it is still
 * there, else at the top), once each, so an entry an administrator deleted is not brought back.
 * Which entries a role was given is kept in menu_seed_codes; a menu seeded before that table
 * existed counts its present entries as given (one deleted before then comes back once).
 */
export async function seedMenus(ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  for (const [role, menu] of ctx.schemas.menus) {
    const present = new Set(
      (await db.selectFrom('menu_items').select('code').where('role_code', '=', role).execute()).map((r) =>
        String(r.code),
      ),
    );
    const stored = new Set(
      (await db.selectFrom('menu_seed_codes').select('code').where('role_code', '=', role).execute()).map((r) =>
        String(r.code),
      ),
    );
    const given = stored.size ? stored : present;
    const rows: Insertable<MenuItemsTable>[] = [];
    const used = new Set<string>();
    const walk = (nodes: MenuNode[], parent: string | null) =>
      nodes.forEach((n, i) => {
        let code = codeOf(n);
        while (used.has(code)) code = `${code}_`;
        used.add(code);
        if (!given.has(code) && !present.has(code))
          rows.push({
            role_code: role,
            parent_code: parent === null || present.has(parent) || rows.some((r) => r.code === parent) ? parent : null,
            name: n.name,
            code,
            path: n.path,
            icon: n.icon ?? null,
            sort_no: (i + 1) * 10,
            invisible: n.invisible ? 1 : 0,
            badge: n.badge ?? null,
            section: n.children ? 1 : 0,
          });
        if (n.children) walk(n.children, code);
      });
    walk(menu.items ?? [], null);
    // Two processes starting together: the unique (role, code) index keeps one copy.
    for (const r of rows)
      await db
        .insertInto('menu_items')
        .values(r)
        .onConflict((oc) => oc.columns(['role_code', 'code']).doNothing())
        .execute();
    for (const code of new Set([...used, ...present]))
      if (!stored.has(code))
        await db
          .insertInto('menu_seed_codes')
          .values({ role_code: role, code })
          .onConflict((oc) => oc.columns(['role_code', 'code']).doNothing())
          .execute();
  }
}

/** The menu tree of a role from menu_items; undefined when the role has none (then schemas/menus serves). */
export async function menuTree(db: Db, role: string): Promise<MenuNode[] | undefined> {
  const rows = (await db
    .selectFrom('menu_items')
    .selectAll()
    .where('role_code', '=', role)
    .orderBy('sort_no')
    .orderBy('id')
    .execute()) as MenuRow[];
  if (!rows.length) return undefined;
  const node = (r: MenuRow): MenuNode => ({
    name: r.name,
    ...(r.code.startsWith('_') ? {} : { code: r.code }),
    path: r.path,
    ...(r.icon ? { icon: r.icon } : {}),
    ...(Number(r.invisible) ? { invisible: true } : {}),
    ...(r.badge ? { badge: r.badge as MenuNode['badge'] } : {}),
  });
  const build = (parent: string | null): MenuNode[] =>
    rows
      .filter((r) => (r.parent_code ?? null) === parent)
      .map((r) => (Number(r.section) ? { ...node(r), children: build(r.code) } : node(r)));
  return build(null);
}
