import type { MenuNode } from '../../shared/schema/types.js';
import { normalisePath } from '../../shared/schema/routePath.js';

/** A menu node as home/queryMenuList answers it: the schema node plus its badge count. */
export interface ServerMenuNode extends MenuNode {
  /** Badge count filled by the server (SPEC §3 menu node num). */
  num?: number | null;
  /** What the number counts when it is not the entry page's list (e.g. 待办). */
  numLabel?: string;
  children?: ServerMenuNode[];
}

/** SPEC §3 counts object (tTopicMeetings/selectMeetingNoBack). */
export type MenuCounts = Partial<Record<NonNullable<MenuNode['badge']>, number>>;

/** Code of the topic list entry (SPEC §3: ktlb); opening it forgets the list's remembered state. */
export const TOPIC_LIST_CODE = 'ktlb';
export const TOPIC_LIST_PATH = '/projectManagement/projectList';

export function visibleChildren(node: ServerMenuNode): ServerMenuNode[] {
  return (node.children ?? []).filter((c) => !c.invisible);
}

export function visibleNodes(nodes: readonly ServerMenuNode[] | null | undefined): ServerMenuNode[] {
  return (nodes ?? []).filter((n) => !n.invisible);
}

/** Paths of every visible entry, for highlighting. */
export function menuPaths(nodes: readonly ServerMenuNode[] | null | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly ServerMenuNode[]) => {
    for (const n of list) {
      if (n.invisible) continue;
      out.add(normalisePath(n.path));
      walk(n.children ?? []);
    }
  };
  walk(nodes ?? []);
  return out;
}

/** The role's words for each menu path (SPEC §6: 我的课题列表 for a leader, 课题审核管理 for an admin), for breadcrumbs. */
export function menuNamesByPath(nodes: readonly ServerMenuNode[] | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (list: readonly ServerMenuNode[]) => {
    for (const n of list) {
      if (n.name) out.set(normalisePath(n.path), n.name);
      walk(n.children ?? []);
    }
  };
  walk(nodes ?? []);
  return out;
}

/**
 * For each menu entry, the names of the sections it sits in (outermost first): a page the menu
 * files under another section than its address (子系统设置 under 系统管理, at /systemSet/...) is
 * placed by its menu in the breadcrumbs too.
 */
export function menuParentsByPath(nodes: readonly ServerMenuNode[] | null | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (list: readonly ServerMenuNode[], above: string[]) => {
    for (const n of list) {
      if (n.path) out.set(normalisePath(n.path), above);
      walk(n.children ?? [], n.name ? [...above, n.name] : above);
    }
  };
  walk(nodes ?? [], []);
  return out;
}

/** Whether a top-level entry is a section (declares children, even if the role got none of them). */
export function isSection(node: ServerMenuNode): boolean {
  return Array.isArray(node.children);
}

/** First visible leaf under a node (the node itself when it is a leaf); null for an empty section. */
export function firstLeafPath(node: ServerMenuNode): string | null {
  if (!isSection(node)) return normalisePath(node.path);
  for (const child of visibleChildren(node)) {
    const leaf = firstLeafPath(child);
    if (leaf) return leaf;
  }
  return null;
}

/** The top-level entry whose path or subtree holds `path`. */
export function topLevelFor(
  nodes: readonly ServerMenuNode[] | null | undefined,
  path: string | undefined,
): ServerMenuNode | undefined {
  if (!path) return undefined;
  const target = normalisePath(path);
  const holds = (n: ServerMenuNode): boolean => normalisePath(n.path) === target || (n.children ?? []).some(holds);
  return visibleNodes(nodes).find(holds);
}

/** The node with this path anywhere in the tree. */
export function findNode(
  nodes: readonly ServerMenuNode[] | null | undefined,
  path: string,
): ServerMenuNode | undefined {
  const target = normalisePath(path);
  for (const n of nodes ?? []) {
    if (normalisePath(n.path) === target) return n;
    const hit = findNode(n.children, target);
    if (hit) return hit;
  }
  return undefined;
}

/** Badge count of an entry: the server's num, else the counts field the entry names. 0 shows nothing. */
export function badgeCount(node: ServerMenuNode, counts: MenuCounts | null | undefined): number {
  if (typeof node.num === 'number') return node.num;
  if (node.badge && counts) return Number(counts[node.badge] ?? 0) || 0;
  return 0;
}

/** A section's badge sums its visible children's. */
export function sectionBadgeCount(node: ServerMenuNode, counts: MenuCounts | null | undefined): number {
  const own = badgeCount(node, counts);
  if (own || !isSection(node)) return own;
  return visibleChildren(node).reduce((sum, c) => sum + sectionBadgeCount(c, counts), 0);
}

/** What a section's or entry's badge counts: its own label, else the one label all its counted children share. */
export function badgeLabel(node: ServerMenuNode): string | undefined {
  if (typeof node.num === 'number') return node.numLabel;
  const labels = new Set(
    visibleChildren(node)
      .filter((c) => sectionBadgeCount(c, null) > 0)
      .map(badgeLabel),
  );
  return labels.size === 1 ? [...labels][0] : undefined;
}

/** Opening the topic list entry clears the remembered list state (SPEC §2). */
export function clearsListState(node: Pick<ServerMenuNode, 'code' | 'path'>): boolean {
  return node.code === TOPIC_LIST_CODE || normalisePath(node.path) === TOPIC_LIST_PATH;
}

/** Every name in a menu tree, for checks of role wording. */
export function menuNames(nodes: readonly ServerMenuNode[] | null | undefined): string[] {
  return (nodes ?? []).flatMap((n) => (n.invisible ? [] : [n.name, ...menuNames(n.children)]));
}
