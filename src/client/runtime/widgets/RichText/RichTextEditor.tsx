/**
 * The rich-text editor (bold, italic, headings, lists, alignment, tables, links, pictures) on Tiptap 3: ProseMirror underneath,
 * maintained, React 18, builds with Vite, no eval. Its document schema keeps only the marks and
 * nodes it knows, so pasted script or event attributes never reach the value; the server sanitises
 * on save anyway. About 350 KB, so the RichText widget loads this module only when an editable
 * rich-text field is actually shown (see ./RichText.tsx).
 */
import { EditorContent, useEditor } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { useEffect, useRef } from 'react';
import { RichTextToolbar } from './RichTextToolbar.js';
import { cleanPastedHtml } from './wordPaste.js';

export interface EditorProps {
  value?: string | null;
  onChange?: (html: string) => void;
  disabled?: boolean;
  placeholder?: string;
  maxLength?: number;
  /** "entity.field" of this rich-text field: pictures are uploaded against it (set by the runtime). */
  belongType?: string;
  /** The field's label: the writing area's accessible name. */
  'aria-label'?: string;
}

const EMPTY = '<p></p>';

export function RichTextEditor({ value, onChange, disabled, belongType, 'aria-label': name }: EditorProps) {
  const latest = useRef(value);
  latest.current = value;
  const editor = useEditor({
    // Image keeps pictures of stored content through an edit (the server allows http(s) and raster data: images).
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] } }),
      Image.configure({ allowBase64: true }),
      TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right'] }),
      // Column resizing writes widths into the document as styles, which the sanitisers drop anyway.
      TableKit.configure({ table: { resizable: false } }),
    ],
    editorProps: {
      transformPastedHTML: cleanPastedHtml,
      // The writing area is a textbox of its own, which the form item's label does not name.
      attributes: { role: 'textbox', 'aria-multiline': 'true', ...(name ? { 'aria-label': name } : {}) },
    },
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
    if (current !== next && !(next === EMPTY && current === ''))
      editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);
  // Without `false` Tiptap emits an update, which reads as a user edit: an untouched required
  // editor then showed its error as soon as the add page opened.
  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.isEditable !== !disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);
  if (!editor) return null;
  return (
    <div className="runtime-richtext" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <RichTextToolbar editor={editor} disabled={disabled} belongType={belongType} />
      <EditorContent
        editor={editor}
        className="runtime-richtext-content"
        style={{ minHeight: 160, padding: '4px 11px' }}
      />
    </div>
  );
}
