import { Layout, Menu, type MenuProps } from 'antd';
import { useLocation } from 'react-router-dom';
import { useShell } from './ShellContext.js';
import { MenuIcon } from './icons.js';
import { MenuLabel } from './MenuLabel.js';
import {
  badgeLabel,
  findNode,
  menuPaths,
  sectionBadgeCount,
  topLevelFor,
  visibleChildren,
  type ServerMenuNode,
} from './menuTree.js';
import { highlightedMenuPath } from './routeTree.js';
import { useMenuNavigation } from './useMenuNavigation.js';

export const SIDER_WIDTH = 208;

type Item = NonNullable<MenuProps['items']>[number];

/** An entry of the sider; in a drop-down list (`grouped`) an entry with entries of its own heads a group. */
function toItem(node: ServerMenuNode, grouped = false): Item {
  const children = visibleChildren(node);
  const label = <MenuLabel name={node.name} count={sectionBadgeCount(node, null)} label={badgeLabel(node)} />;
  if (!children.length) return { key: node.path, icon: <MenuIcon name={node.icon} />, label };
  const entries = children.map((c) => toItem(c, grouped));
  if (grouped) return { type: 'group', key: node.path, label, children: entries };
  return { key: node.path, icon: <MenuIcon name={node.icon} />, label, children: entries };
}

/** The section of the current page, when it has entries of its own: shown in the fixed sider. */
export function useSideSection(): ServerMenuNode | undefined {
  const { menu, routes, user } = useShell();
  const location = useLocation();
  if (!user || !menu) return undefined;
  const highlighted = highlightedMenuPath(routes.match(location.pathname), menuPaths(menu));
  const section = topLevelFor(menu, highlighted);
  return section && visibleChildren(section).length ? section : undefined;
}

/**
 * A section's entries as a menu's props, the page's entry lit (hidden pages light up their parent),
 * an entry opened as the menu opens it: the sider's, and a phone's drop-down (`grouped`).
 */
export function useSectionEntries(section: ServerMenuNode, grouped = false) {
  const { menu, routes } = useShell();
  const location = useLocation();
  const open = useMenuNavigation();
  const highlighted = highlightedMenuPath(routes.match(location.pathname), menuPaths(menu));
  return {
    items: visibleChildren(section).map((c) => toItem(c, grouped)),
    selectedKeys: highlighted ? [highlighted] : [],
    onClick: ({ key }: { key: string }) => {
      const node = findNode(menu, key);
      if (node) open(node);
    },
  };
}

/** Fixed sider with the entries of the current section, its branches open. */
export function SideMenu({ section }: { section: ServerMenuNode }) {
  const entries = useSectionEntries(section);
  const openKeys = visibleChildren(section)
    .filter((c) => visibleChildren(c).length)
    .map((c) => c.path);
  return (
    <Layout.Sider className="shell-sider" width={SIDER_WIDTH} theme="light">
      <div className="shell-sider-title">{section.name}</div>
      <Menu mode="inline" defaultOpenKeys={openKeys} {...entries} />
    </Layout.Sider>
  );
}
