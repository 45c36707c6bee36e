import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import type { ServerMenuNode } from './menuTree.js';
import { SectionEntries, SIDER_WIDTH } from './SideMenu.js';

/**
 * On a phone the sider would leave the page a strip beside it: the section is a button above the
 * page that opens its entries in a drawer from the left, closed again once one is opened.
 */
export function SideMenuButton({ section }: { section: ServerMenuNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="shell-section-bar">
      <Button icon={<MenuOutlined />} onClick={() => setOpen(true)} aria-expanded={open} aria-haspopup="dialog">
        {section.name}
      </Button>
      <Drawer
        title={section.name}
        placement="left"
        width={SIDER_WIDTH + 32}
        open={open}
        onClose={() => setOpen(false)}
        className="shell-section-drawer"
        styles={{ body: { padding: 0 } }}
      >
        <SectionEntries section={section} onOpened={() => setOpen(false)} />
      </Drawer>
    </div>
  );
}
