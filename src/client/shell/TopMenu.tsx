import { Menu, type MenuProps, type MenuRef } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useShell } from './ShellContext.js';
import { MenuLabel } from './MenuLabel.js';
import { underBase } from '../api/appBase.js';
import {
  badgeLabel,
  findNode,
  menuPaths,
  sectionBadgeCount,
  topLevelFor,
  visibleNodes,
  type ServerMenuNode,
} from './menuTree.js';
import { highlightedMenuPath, routeKind } from './routeTree.js';
import { useMenuNavigation } from './useMenuNavigation.js';
import { useNarrowScreen } from '../hooks/useNarrowScreen.js';

/** Visitors' navigation: the public pages of the route tree that are menu entries. */
function publicNodes(entries: ReturnType<typeof useShell>['routes']['entries']): ServerMenuNode[] {
  return entries
    .filter((e) => e.chain.length === 1 && e.def.public && !e.def.hidden && routeKind(e.def).kind !== 'redirect')
    .map((e) => ({ name: e.def.name, path: e.path }));
}

/** Scrolls the row of sections so that the one lit is in view, in its middle where it can be. */
function showSelected(row: HTMLElement, list: HTMLElement): void {
  const item = list.querySelector('.ant-menu-item-selected, .ant-menu-submenu-selected');
  if (!item) return;
  const shown = row.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  if (box.left >= shown.left && box.right <= shown.right) return;
  row.scrollLeft += box.left - shown.left - (shown.width - box.width) / 2;
}

/** The header's menu: the top-level entries of the role's menu (a visitor gets the public pages). */
export function TopMenu() {
  const { menu, routes, user } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const open = useMenuNavigation();
  const nodes = useMemo(() => (user ? visibleNodes(menu) : publicNodes(routes.entries)), [user, menu, routes]);

  const entry = routes.match(location.pathname);
  const highlighted = highlightedMenuPath(entry, menuPaths(nodes));
  const selected = topLevelFor(nodes, highlighted)?.path;
  // On a phone the sections are a row that scrolls sideways (shell.css), not folded into ⋯.
  const narrow = useNarrowScreen();
  const ref = useRef<MenuRef>(null);
  useEffect(() => {
    const list = ref.current?.menu?.list;
    if (narrow && list?.parentElement) showSelected(list.parentElement, list);
  }, [narrow, selected]);

  const items: MenuProps['items'] = nodes.map((n) => {
    const label = <MenuLabel name={n.name} count={sectionBadgeCount(n, null)} label={badgeLabel(n)} dot />;
    // A visitor's entry is a real link: the page the server drew works before the app has arrived
    // (and opens in a new tab); once it has, the menu's own click navigates instead.
    if (user || n.children?.length) return { key: n.path, label };
    return {
      key: n.path,
      label: (
        <a href={underBase(n.path)} onClick={(e) => e.preventDefault()}>
          {label}
        </a>
      ),
    };
  });

  return (
    <Menu
      ref={ref}
      className="shell-top-menu"
      mode="horizontal"
      disabledOverflow={narrow}
      selectedKeys={selected ? [selected] : []}
      items={items}
      onClick={({ key }) => {
        const node = findNode(nodes, key);
        if (node) open(node);
        else navigate(key);
      }}
    />
  );
}
