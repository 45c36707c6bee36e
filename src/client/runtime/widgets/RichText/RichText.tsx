/**
 * Widget "RichText". The Tiptap editor is about a third of the runtime's code, and most pages never
 * edit rich text (lists, public pages, look mode), so the editor is its own chunk, loaded on first
 * use behind a Suspense placeholder of the editor's size. Read-pretty never loads it: stored HTML is
 * shown through the client-side allow-list (the server sanitises on save; this is a second fence).
 */
import { connect, mapReadPretty } from '@formily/react';
import { lazy, Suspense } from 'react';
import type { EditorProps } from './RichTextEditor.js';
import { sanitizeHtml } from '../sanitizeHtml.js';
import { underBase } from '../../../api/appBase.js';
import './richtext.css';

export const loadRichTextEditor = () => import('./RichTextEditor.js');
const LazyEditor = lazy(() => loadRichTextEditor().then((m) => ({ default: m.RichTextEditor })));

/** Stands where the editor will be (toolbar + 160px body) so the form does not jump when it arrives. */
export function RichTextLoading() {
  return (
    <div
      className="runtime-richtext runtime-lazy-loading"
      aria-busy="true"
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, minHeight: 200 }}
    />
  );
}

export function RichTextField(props: EditorProps) {
  return (
    <Suspense fallback={<RichTextLoading />}>
      <LazyEditor {...props} />
    </Suspense>
  );
}

export function RichTextView({ value }: { value?: string | null }) {
  const html = sanitizeHtml(value ?? '', { resolve: underBase });
  if (!html) return <span className="runtime-text">-</span>;
  return <div className="runtime-richtext-view" dangerouslySetInnerHTML={{ __html: html }} />;
}

export const RichText = connect(RichTextField, mapReadPretty(RichTextView));
