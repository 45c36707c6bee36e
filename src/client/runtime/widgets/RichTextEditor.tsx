/**
 * The rich-text editor (bold, italic, headings, lists, links) on Tiptap 3: ProseMirror underneath,
 * maintained, React 18, builds with Vite, no eval. Its document schema keeps only the marks and
 * nodes it knows, so pasted script or event attributes never reach the value; the server sanitises
 * on save anyway. About 350 KB, so the RichText widget loads this module only when an editable
 * rich-text field is actually shown (see ./RichText.tsx).
 */
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Modal, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { safeUrl } from './sanitizeHtml.js';

export interface EditorProps {
  value?: string | null;
  onChange?: (html: string) => void;
  disabled?: boolean;
  placeholder?: string;
  maxLength?: number;
}

type Command = { key: string; label: string; title: string; run: (e: Editor) => void; active: (e: Editor) => boolean };

const COMMANDS: Command[] = [
  { key: 'bold', label: 'B', title: '加粗', run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
  { key: 'italic', label: 'I', title: '斜体', run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive('italic') },
  { key: 'h2', label: 'H2', title: '标题', run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), active: (e) => e.isActive('heading', { level: 2 }) },
  { key: 'h3', label: 'H3', title: '小标题', run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), active: (e) => e.isActive('heading', { level: 3 }) },
  { key: 'ul', label: '• 列表', title: '无序列表', run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  { key: 'ol', label: '1. 列表', title: '有序列表', run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive('orderedList') },
];

const EMPTY = '<p></p>';

function LinkButton({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const bad = href.trim() !== '' && !safeUrl(href);
  return (
    <>
      <Tooltip title="链接">
        <Button size="small" type={editor.isActive('link') ? 'primary' : 'default'} disabled={disabled}
          onClick={() => { setHref((editor.getAttributes('link').href as string | undefined) ?? ''); setOpen(true); }}>
          链接
        </Button>
      </Tooltip>
      <Modal title="插入链接" open={open} okText="确定" cancelText="取消" okButtonProps={{ disabled: bad }}
        onCancel={() => setOpen(false)}
        onOk={() => {
          const chain = editor.chain().focus().extendMarkRange('link');
          if (href.trim()) chain.setLink({ href: href.trim() }).run();
          else chain.unsetLink().run();
          setOpen(false);
        }}>
        <Input value={href} placeholder="https://" onChange={(e) => setHref(e.target.value)} status={bad ? 'error' : undefined} />
      </Modal>
    </>
  );
}

export function RichTextEditor({ value, onChange, disabled }: EditorProps) {
  const latest = useRef(value);
  latest.current = value;
  const editor = useEditor({
    // Image keeps pictures of stored content through an edit (the server allows http(s) and raster data: images).
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] } }),
      Image.configure({ allowBase64: true }),
    ],
    content: value || '',
    editable: !disabled,
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => {
      // Only real edits reach the form: Tiptap also emits updates that leave the document as it
      // was (option and editable changes), which Formily would take for input and validate.
      const html = e.isEmpty ? '' : e.getHTML();
      if (html !== (latest.current || '')) onChange?.(html);
    },
  });
  // A value set from outside (a record loaded after mount, a reset) replaces the document.
  // A destroyed instance (Tiptap swaps instances when it re-mounts, e.g. after a Suspense retry) has
  // no schema left to serialise with: wait for the live one.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    const next = value || '';
    if (current !== next && !(next === EMPTY && current === '')) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);
  // Without `false` Tiptap emits an update, which reads as a user edit: an untouched required
  // editor then showed its error as soon as the add page opened.
  useEffect(() => { if (editor && !editor.isDestroyed && editor.isEditable !== !disabled) editor.setEditable(!disabled, false); }, [editor, disabled]);
  // The toolbar follows the selection: which marks and blocks are active where the caret is.
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(COMMANDS.map((c) => [c.key, e && !e.isDestroyed ? c.active(e) : false])) as Record<string, boolean>,
  }) ?? {};
  if (!editor) return null;
  return (
    <div className="runtime-richtext" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space size={4} wrap style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}>
        {COMMANDS.map((c) => (
          <Tooltip key={c.key} title={c.title}>
            <Button size="small" disabled={disabled} type={active[c.key] ? 'primary' : 'default'} onClick={() => c.run(editor)}>{c.label}</Button>
          </Tooltip>
        ))}
        <LinkButton editor={editor} disabled={disabled} />
      </Space>
      <EditorContent editor={editor} className="runtime-richtext-content" style={{ minHeight: 160, padding: '4px 11px' }} />
    </div>
  );
}
