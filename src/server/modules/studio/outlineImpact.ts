import type { AppContext } from '../../platform/AppContext.js';
import type { EntityDef, MenuDef, RouteDef, WorkflowDef } from '../../../shared/schema/types.js';
import { outlineDiff, schemaOutline } from '../../../shared/schema/schemaOutline.js';
import type { OutlineView } from '../../../shared/schema/outlineView.js';
import { ROLE_NAMES, type RoleCode } from '../../../shared/roles.js';
import { docOf, kindOf } from '../../platform/schemas/schemaDocs.js';
import type { OutlineChange } from '../../../shared/contracts/studio.js';

/**
 * The dry run's pages: which pages' outlines (schemaOutline, the page as its readers meet it) a
 * change alters, before and after, for each role that sees the page: a part only some roles are
 * shown (its `roles`, a condition on the role, a transition the workflow gives to some) changes the
 * page for those roles alone. A page is seen by a role whose menu leads to its route or to a route
 * above it (a look page under its list), and by everyone on a public route.
 */

/** The paths of the routes that show `page`, each with the paths of the routes above it. */
function routePaths(routes: RouteDef[], page: string, above: string[] = []): { paths: string[]; public: boolean }[] {
  const out: { paths: string[]; public: boolean }[] = [];
  for (const r of routes ?? []) {
    const here = [...above, r.path];
    if (r.page === page) out.push({ paths: here, public: r.public === true });
    if (r.children) out.push(...routePaths(r.children, page, here));
  }
  return out;
}

function menuPaths(items: MenuDef['items'] | undefined, into: Set<string>): Set<string> {
  for (const item of items ?? []) {
    if (item.path) into.add(item.path);
    menuPaths(item.children, into);
  }
  return into;
}

/** The role codes that see a page, each once; null for a visitor on a public route. */
function roleCodesSeeing(ctx: AppContext, page: string): (string | null)[] {
  const routes = routePaths(ctx.schemas.routes, page);
  const codes = new Set<string | null>();
  if (routes.some((r) => r.public)) codes.add(null);
  for (const menu of ctx.schemas.menus.values()) {
    const paths = menuPaths(menu.items, new Set());
    if (routes.some((r) => r.paths.some((p) => paths.has(p)))) codes.add(String(menu.roleCode));
  }
  return [...codes];
}

const roleName = (code: string | null) => (code === null ? '公众' : (ROLE_NAMES[code as RoleCode] ?? code));

/** The roles that see a page, by name; 公众 for a public route. */
export function rolesSeeing(ctx: AppContext, page: string): string[] {
  return roleCodesSeeing(ctx, page).map(roleName);
}

/** A page as it stands on one side of the change: its schema, its entity and that entity's workflow. */
interface Side {
  page: unknown;
  entity: EntityDef | undefined;
  workflow: WorkflowDef | undefined;
}

const viewOf = (roleCode: string | null, side: Side): OutlineView => ({
  roleCode,
  transitions: (action) => side.workflow?.transitions.filter((t) => t.action === action) ?? [],
});

/** The pages the change of `key` to `next` touches, each before and after. */
function sidesOf(ctx: AppContext, key: string, next: unknown): { id: string; before: Side; after: Side }[] {
  const kind = kindOf(key);
  const entityNamed = (p: unknown) => {
    const name = (p as { entity?: unknown } | undefined)?.entity;
    return typeof name === 'string' ? ctx.schemas.entities.get(name) : undefined;
  };
  const workflowOf = (e: EntityDef | undefined) => (e?.workflow ? ctx.schemas.workflows.get(e.workflow) : undefined);
  const side = (page: unknown, entity: EntityDef | undefined, workflow = workflowOf(entity)): Side => ({
    page,
    entity,
    workflow,
  });
  const pagesOf = (entityName: string | undefined) =>
    [...ctx.schemas.pages.values()].filter((p) => (p as { entity?: string }).entity === entityName);
  if (kind === 'pages') {
    const page = docOf(ctx.schemas, key) as { id?: string } | undefined;
    const id = (next as { id?: string } | undefined)?.id ?? page?.id;
    if (!id) return [];
    return [{ id, before: side(page, entityNamed(page)), after: side(next, entityNamed(next)) }];
  }
  if (kind === 'entities') {
    const before = docOf(ctx.schemas, key) as EntityDef | undefined;
    const after = next as EntityDef | undefined;
    return pagesOf(before?.name ?? after?.name).map((page) => ({
      id: page.id,
      before: side(page, before),
      after: side(page, after),
    }));
  }
  if (kind === 'workflows') {
    const before = docOf(ctx.schemas, key) as WorkflowDef | undefined;
    const name = before?.name ?? (next as WorkflowDef | undefined)?.name;
    const entities = [...ctx.schemas.entities.values()].filter((e) => e.workflow === name);
    return entities.flatMap((entity) =>
      pagesOf(entity.name).map((page) => ({
        id: page.id,
        before: side(page, entity, before),
        after: side(page, entity, next as WorkflowDef),
      })),
    );
  }
  return [];
}

/** The pages whose outline the change of `key` to `next` alters, once per group of roles that meet the same change. */
export function outlineChangesOf(ctx: AppContext, key: string, next: unknown): OutlineChange[] {
  const out: OutlineChange[] = [];
  for (const { id, before, after } of sidesOf(ctx, key, next)) {
    const title = (ctx.schemas.pages.get(id) as { title?: string } | undefined)?.title ?? id;
    const codes = roleCodesSeeing(ctx, id);
    // A page no menu leads to is still reported, as its schema reads.
    const views: (string | null | undefined)[] = codes.length ? codes : [undefined];
    const groups = new Map<string, OutlineChange>();
    for (const code of views) {
      const outline = (s: Side) => schemaOutline(s.page, s.entity, code === undefined ? undefined : viewOf(code, s));
      // The lines that go and come, in the outline's order: what a reader of the page meets differently.
      const lines = outlineDiff(outline(before), outline(after)).filter((l) => l.kind !== 'same');
      if (!lines.length) continue;
      const same = JSON.stringify(lines);
      const group = groups.get(same) ?? { page: id, title, roles: [], lines };
      if (code !== undefined) group.roles.push(roleName(code));
      groups.set(same, group);
    }
    out.push(...groups.values());
  }
  return out;
}
