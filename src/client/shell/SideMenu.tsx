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

function toItem(node: ServerMenuNode): Item {
  const children = visibleChildren(node);
  const label = <MenuLabel name={node.name} count={sectionBadgeCount(node, null)} label={badgeLabel(node)} />;
  if (children.length)
    return { key: node.path, icon: <MenuIcon name={node.icon} />, label, children: children.map(toItem) };
  return { key: node.path, icon: <MenuIcon name={node.icon} />, label };
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

/** The entries of a section, its open branches open; `onOpened` is told once an entry is opened. */
export function SectionEntries({ section, onOpened }: { section: ServerMenuNode; onOpened?: () => void }) {
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
      items={children.map(toItem)}
      onClick={({ key }) => {
        const node = findNode(menu, key);
        if (node) open(node);
        onOpened?.();
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
