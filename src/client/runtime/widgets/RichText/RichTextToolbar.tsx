/**
 * The rich-text toolbar: every button an icon with its name as tooltip and accessible name, active
 * (primary) where the caret is. Pictures go up through the file service (see uploadOne) and come
 * back as a stable content address; links go through the same URL rule as the sanitisers.
 */
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteRowOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  TableOutlined,
  UnorderedListOutlined,
  DeleteOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Button, Divider, Input, Space, Tooltip } from 'antd';
import { Dialog } from '../../../feedback/Dialog.js';
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { FILE_TYPE_SETS, RICH_TEXT_IMAGES, richTextImageUrl } from '../../../../shared/fileTypes.js';
import { uploadOne } from '../../../upload/uploadOne.js';
import { safeUrl } from '../sanitizeHtml.js';

interface Command {
  key: string;
  title: string;
  icon: ReactNode;
  run: (e: Editor) => void;
  active?: (e: Editor) => boolean;
  /** Shown only while the caret is in a table. */
  inTable?: boolean;
}

const GROUPS: Command[][] = [
  [
    {
      key: 'bold',
      title: '加粗',
      icon: <BoldOutlined />,
      run: (e) => e.chain().focus().toggleBold().run(),
      active: (e) => e.isActive('bold'),
    },
    {
      key: 'italic',
      title: '斜体',
      icon: <ItalicOutlined />,
      run: (e) => e.chain().focus().toggleItalic().run(),
      active: (e) => e.isActive('italic'),
    },
    {
      key: 'h2',
      title: '标题',
      icon: <b>H2</b>,
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
      active: (e) => e.isActive('heading', { level: 2 }),
    },
    {
      key: 'h3',
      title: '小标题',
      icon: <b>H3</b>,
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
      active: (e) => e.isActive('heading', { level: 3 }),
    },
  ],
  [
    {
      key: 'ul',
      title: '无序列表',
      icon: <UnorderedListOutlined />,
      run: (e) => e.chain().focus().toggleBulletList().run(),
      active: (e) => e.isActive('bulletList'),
    },
    {
      key: 'ol',
      title: '有序列表',
      icon: <OrderedListOutlined />,
      run: (e) => e.chain().focus().toggleOrderedList().run(),
      active: (e) => e.isActive('orderedList'),
    },
  ],
  [
    {
      key: 'left',
      title: '左对齐',
      icon: <AlignLeftOutlined />,
      run: (e) => e.chain().focus().setTextAlign('left').run(),
      active: (e) => e.isActive({ textAlign: 'left' }),
    },
    {
      key: 'center',
      title: '居中',
      icon: <AlignCenterOutlined />,
      run: (e) => e.chain().focus().setTextAlign('center').run(),
      active: (e) => e.isActive({ textAlign: 'center' }),
    },
    {
      key: 'right',
      title: '右对齐',
      icon: <AlignRightOutlined />,
      run: (e) => e.chain().focus().setTextAlign('right').run(),
      active: (e) => e.isActive({ textAlign: 'right' }),
    },
  ],
  [
    {
      key: 'table',
      title: '插入表格',
      icon: <TableOutlined />,
      run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
      active: (e) => e.isActive('table'),
    },
    {
      key: 'rowAfter',
      title: '在下方插入行',
      icon: <InsertRowBelowOutlined />,
      run: (e) => e.chain().focus().addRowAfter().run(),
      inTable: true,
    },
    {
      key: 'colAfter',
      title: '在右侧插入列',
      icon: <InsertRowRightOutlined />,
      run: (e) => e.chain().focus().addColumnAfter().run(),
      inTable: true,
    },
    {
      key: 'delRow',
      title: '删除行',
      icon: <DeleteRowOutlined />,
      run: (e) => e.chain().focus().deleteRow().run(),
      inTable: true,
    },
    {
      key: 'delCol',
      title: '删除列',
      icon: <DeleteColumnOutlined />,
      run: (e) => e.chain().focus().deleteColumn().run(),
      inTable: true,
    },
    {
      key: 'delTable',
      title: '删除表格',
      icon: <DeleteOutlined />,
      run: (e) => e.chain().focus().deleteTable().run(),
      inTable: true,
    },
  ],
];
const COMMANDS = GROUPS.flat();

/**
 * A mouse-down on a button would move the focus out of the text, and tiptap's `focus()` gives it
 * back only on the next frame: keys typed meanwhile went to the button (Enter right after 加粗
 * toggled bold back on and lost the line break). Keeping the focus in the text avoids that;
 * keyboard users still reach the buttons with Tab. The link button opens a dialog, which takes
 * the focus and hands it back to the button as it closes.
 */
const keepTextFocus = (e: MouseEvent) => e.preventDefault();

function ToolButton({
  title,
  icon,
  active,
  disabled,
  opensDialog,
  onClick,
}: {
  title: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  opensDialog?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        aria-label={title}
        aria-pressed={active}
        type={active ? 'primary' : 'default'}
        disabled={disabled}
        icon={icon}
        onMouseDown={opensDialog ? undefined : keepTextFocus}
        onClick={onClick}
      />
    </Tooltip>
  );
}

function LinkButton({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
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

function ImageButton({ editor, disabled, belongType }: { editor: Editor; disabled?: boolean; belongType?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  if (!belongType) return null;
  const accept = FILE_TYPE_SETS.image.map((x) => `.${x}`).join(',');
  return (
    <>
      <Tooltip title="插入图片">
        <Button
          size="small"
          aria-label="插入图片"
          icon={<PictureOutlined />}
          loading={busy}
          disabled={disabled}
          onClick={() => input.current?.click()}
        />
      </Tooltip>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-hidden
        className="runtime-richtext-image-input"
        onChange={async (ev) => {
          const file = ev.target.files?.[0];
          ev.target.value = '';
          if (!file) return;
          setBusy(true);
          try {
            const ref = await uploadOne(file, { belongType, ...RICH_TEXT_IMAGES });
            if (ref)
              editor
                .chain()
                .focus()
                .setImage({ src: richTextImageUrl(ref.md5), alt: ref.fileName.replace(/\.[^.]+$/, '') })
                .run();
          } finally {
            setBusy(false);
          }
        }}
      />
    </>
  );
}

export function RichTextToolbar({
  editor,
  disabled,
  belongType,
}: {
  editor: Editor;
  disabled?: boolean;
  belongType?: string;
}) {
  const state =
    useEditorState({
      editor,
      selector: ({ editor: e }) => {
        const live = e && !e.isDestroyed;
        return {
          inTable: live ? e.isActive('table') : false,
          ...Object.fromEntries(COMMANDS.map((c) => [c.key, live && c.active ? c.active(e) : false])),
        } as Record<string, boolean>;
      },
    }) ?? {};
  return (
    <Space
      size={4}
      wrap
      className="runtime-richtext-toolbar"
      role="toolbar"
      aria-label="格式"
      style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}
    >
      {GROUPS.map((group, i) => (
        <Space key={i} size={4}>
          {i > 0 && <Divider type="vertical" style={{ margin: '0 2px' }} />}
          {group
            .filter((c) => !c.inTable || state.inTable)
            .map((c) => (
              <ToolButton
                key={c.key}
                title={c.title}
                icon={c.icon}
                active={state[c.key]}
                disabled={disabled}
                onClick={() => c.run(editor)}
              />
            ))}
        </Space>
      ))}
      <Divider type="vertical" style={{ margin: '0 2px' }} />
      <LinkButton editor={editor} disabled={disabled} />
      <ImageButton editor={editor} disabled={disabled} belongType={belongType} />
    </Space>
  );
}
