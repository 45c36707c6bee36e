import { MenuOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useLocation } from 'react-router-dom';
import { findNode, menuPaths, visibleChildren, type ServerMenuNode } from './menuTree.js';
import { highlightedMenuPath } from './routeTree.js';
import { useShell } from './ShellContext.js';
import { toItem } from './SideMenu.js';
import { useMenuNavigation } from './useMenuNavigation.js';

/**
 * On a phone the sider would leave the page a strip beside it: the section is a button above the
 * page that drops its entries down (those with entries of their own as groups), the page's lit.
 */
export function SideMenuButton({ section }: { section: ServerMenuNode }) {
  const { menu, routes } = useShell();
  const location = useLocation();
  const open = useMenuNavigation();
  const highlighted = highlightedMenuPath(routes.match(location.pathname), menuPaths(menu));
  return (
    <div className="shell-section-bar">
      <Dropdown
        trigger={['click']}
        overlayClassName="shell-section-entries"
        menu={{
          items: visibleChildren(section).map((c) => toItem(c, true)),
          selectedKeys: highlighted ? [highlighted] : [],
          onClick: ({ key }) => {
            const node = findNode(menu, key);
            if (node) open(node);
          },
        }}
      >
        <Button icon={<MenuOutlined />}>{section.name}</Button>
      </Dropdown>
    </div>
  );
}
