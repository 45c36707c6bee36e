/** The toolbar's formatting commands, in groups: each an icon, a name, what it does and when it is on. */
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
  OrderedListOutlined,
  TableOutlined,
  UnorderedListOutlined,
  DeleteOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import type { ReactNode } from 'react';

export interface Command {
  key: string;
  title: string;
  icon: ReactNode;
  run: (e: Editor) => void;
  active?: (e: Editor) => boolean;
  /** Shown only while the caret is in a table. */
  inTable?: boolean;
}

export const GROUPS: Command[][] = [
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
      // A text mark's name holds it, as it is read on the button (标题 H2).
      title: '标题 H2',
      icon: <b>H2</b>,
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
      active: (e) => e.isActive('heading', { level: 2 }),
    },
    {
      key: 'h3',
      title: '小标题 H3',
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
export const COMMANDS = GROUPS.flat();
