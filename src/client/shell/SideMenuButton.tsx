import { MenuOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { ServerMenuNode } from './menuTree.js';
import { useSectionEntries } from './SideMenu.js';

/**
 * On a phone the sider would leave the page a strip beside it: the section is a button above the
 * page that drops its entries down (those with entries of their own as groups), the page's lit.
 */
export function SideMenuButton({ section }: { section: ServerMenuNode }) {
  const entries = useSectionEntries(section, true);
  return (
    <div className="shell-section-bar">
      <Dropdown trigger={['click']} overlayClassName="shell-section-entries" menu={entries}>
        <Button icon={<MenuOutlined />}>{section.name}</Button>
      </Dropdown>
    </div>
  );
}
