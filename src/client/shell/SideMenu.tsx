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
export function toItem(node: ServerMenuNode, grouped = false): Item {
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

/** The entries of a section, its open branches open. */
function SectionEntries({ section }: { section: ServerMenuNode }) {
  const { menu, routes } = useShell();
  const location = useLocation();
  const open = useMenuNavigation();
  const highlighted = highlightedMenuPath(routes.match(location.pathname), menuPaths(menu));
  const children = visibleChildren(section);
  const openKeys = children.filter((c) => visibleChildren(c).length).map((c) => c.path);
  return (
    <Menu
      mode="inline"
      selectedKeys={highlighted ? [highlighted] : []}
      defaultOpenKeys={openKeys}
      items={children.map((c) => toItem(c))}
      onClick={({ key }) => {
        const node = findNode(menu, key);
        if (node) open(node);
      }}
    />
  );
}

/** Fixed sider with the entries of the current section; hidden pages light up their parent. */
export function SideMenu({ section }: { section: ServerMenuNode }) {
  return (
    <Layout.Sider className="shell-sider" width={SIDER_WIDTH} theme="light">
      <div className="shell-sider-title">{section.name}</div>
      <SectionEntries section={section} />
    </Layout.Sider>
  );
}
