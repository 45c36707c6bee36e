import { LinkOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { Input } from 'antd';
import { useState } from 'react';
import { Dialog } from '../../../feedback/Dialog.js';
import { safeUrl } from '../sanitizeHtml.js';
import { ToolButton } from './ToolButton.js';

/** 链接: a dialog for the address, refused (as the sanitisers refuse it) unless it is a safe URL; empty removes the link. */
export function LinkButton({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const bad = href.trim() !== '' && !safeUrl(href);
  return (
    <>
      <ToolButton
        title="链接"
        icon={<LinkOutlined />}
        active={editor.isActive('link')}
        disabled={disabled}
        opensDialog
        onClick={() => {
          setHref((editor.getAttributes('link').href as string | undefined) ?? '');
          setOpen(true);
        }}
      />
      <Dialog
        title="插入链接"
        open={open}
        okText="确定"
        cancelText="取消"
        okButtonProps={{ disabled: bad }}
        onCancel={() => setOpen(false)}
        onOk={() => {
          const chain = editor.chain().focus().extendMarkRange('link');
          if (href.trim()) chain.setLink({ href: href.trim() }).run();
          else chain.unsetLink().run();
          setOpen(false);
        }}
      >
        <Input
          value={href}
          placeholder="https://"
          onChange={(e) => setHref(e.target.value)}
          status={bad ? 'error' : undefined}
        />
      </Dialog>
    </>
  );
}
