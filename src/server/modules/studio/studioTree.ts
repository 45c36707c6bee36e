import type { SchemaSet } from '../../platform/schemas/SchemaSet.js';
import { flattenRoutes } from '../../platform/schemas/routePaths.js';
import { kindOf } from '../../platform/schemas/schemaDocs.js';
import type { TreeItem } from '../../../shared/contracts/studio.js';

/** Every dictionary type a JSON value names under a `dict` key. */
function dictsIn(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => dictsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'dict' && typeof v === 'string') out.add(v);
      else dictsIn(v, out);
    }
  }
  return out;
}

export function studioTree(set: SchemaSet): TreeItem[] {
  const uses = new Map<string, string[]>();
  const use = (key: string, by: string) => {
    const l = uses.get(key) ?? [];
    if (!l.includes(by)) l.push(by);
    uses.set(key, l);
  };
  for (const { route, full } of flattenRoutes(set.routes))
    if (route.page) use(`pages/${route.page}`, `路由 ${full}（${route.name}）`);
  for (const [id, page] of set.pages) {
    const entity = (page as { entity?: string }).entity;
    if (entity) use(`entities/${entity}`, `页面 ${id}`);
    for (const d of dictsIn(page, new Set())) use(`dictionaries/${d}`, `页面 ${id}`);
  }
  for (const [name, e] of set.entities) {
    if (e.workflow) use(`workflows/${e.workflow}`, `实体 ${name}`);
    for (const d of dictsIn(e.fields, new Set())) use(`dictionaries/${d}`, `实体 ${name}`);
  }
  for (const [role, m] of set.menus) {
    const walk = (items: { path?: string; children?: unknown[] }[]) =>
      items.forEach((i) => {
        if (i.path) use(`routes`, `菜单 ${role} ${i.path}`);
        if (Array.isArray(i.children)) walk(i.children as never);
      });
    walk((m.items ?? []) as { path?: string; children?: unknown[] }[]);
  }
  const titleOf = (key: string): string => {
    const kind = kindOf(key);
    const name = kind === 'document' || kind === 'routes' ? key : key.slice(kind.length + 1);
    if (kind === 'entities') return set.entities.get(name)?.label ?? name;
    if (kind === 'pages') return (set.pages.get(name) as { title?: string } | undefined)?.title ?? name;
    if (kind === 'workflows') return set.workflows.get(name)?.label ?? name;
    if (kind === 'dictionaries')
      return (set.dictionaries.get(name) as { label?: string; name?: string } | undefined)?.label ?? name;
    if (kind === 'menus') return `角色 ${name} 的菜单`;
    if (kind === 'routes') return '路由';
    return name;
  };
  return [...set.files.keys()].sort().map((key) => {
    const kind = kindOf(key);
    const group = kind === 'pages' ? key.split('/').slice(1, -1).join('/') || '其他' : kind;
    return { key, kind, group, title: titleOf(key), usedBy: kind === 'routes' ? [] : (uses.get(key) ?? []) };
  });
}
