/**
 * The JSON of one schema file in a code editor (CodeMirror, loaded with the studio only): line
 * numbers, completion of keys and values and hover help from the file's meta-schema, and the
 * checker's problems (meta-schema and cross references, as `npm run schemas:check` finds them) at
 * the line they concern, checked as you type.
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { Alert, List, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import type { JsonSchema } from '../../../../shared/schema/metaSchemaAt.js';
import { jsonLines, lineOf } from '../../../../shared/schema/jsonLines.js';
import { metaCompletion, metaHover } from './metaAssist.js';
import type { Problem } from './studioApi.js';

const theme = EditorView.theme({
  '&': { fontSize: '13px', border: '1px solid #d9d9d9', borderRadius: '6px' },
  '&.cm-focused': { outline: 'none', borderColor: '#1677ff' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', lineHeight: '20px' },
  '.cm-content, .cm-gutter': { minHeight: '480px' },
  '.studio-hover': { maxWidth: '480px', padding: '4px 8px', whiteSpace: 'pre-wrap' },
});

export function StudioEditor({
  fileKey,
  meta,
  text,
  onChange,
  problems,
  checking,
}: {
  fileKey: string;
  meta: JsonSchema | null;
  text: string;
  onChange: (text: string) => void;
  problems: Problem[];
  checking: boolean;
}) {
  const host = useRef<HTMLDivElement | null>(null);
  const view = useRef<EditorView | null>(null);
  const metaRef = useRef(meta);
  metaRef.current = meta;
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          highlightActiveLine(),
          history(),
          bracketMatching(),
          closeBrackets(),
          json(),
          syntaxHighlighting(defaultHighlightStyle),
          autocompletion({ override: [metaCompletion(() => metaRef.current)] }),
          metaHover(() => metaRef.current),
          lintGutter(),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
          EditorView.contentAttributes.of({ 'aria-label': '配置内容' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) changed.current(u.state.doc.toString());
          }),
          theme,
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The view is made once; the text and file are put into it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Another file opened (or its draft dropped after a publish): the editor shows that text.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === text) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
  }, [fileKey, text]);

  const located = useMemo(() => {
    const lines = jsonLines(text);
    return problems.map((p) => ({ ...p, line: lineOf(lines, p.path) }));
  }, [text, problems]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const doc = editor.state.doc;
    const diagnostics: Diagnostic[] = located.map((p) => {
      const line = doc.line(Math.min(Math.max(p.line, 1), doc.lines));
      return { from: line.from, to: line.to, severity: 'error', message: `${p.path || '/'} ${p.message}` };
    });
    editor.dispatch(setDiagnostics(editor.state, diagnostics));
  }, [located]);

  const goTo = (n: number) => {
    const editor = view.current;
    if (!editor) return;
    const line = editor.state.doc.line(Math.min(Math.max(n, 1), editor.state.doc.lines));
    editor.dispatch({ selection: { anchor: line.from, head: line.to }, scrollIntoView: true });
    editor.focus();
  };

  return (
    <div className="studio-editor">
      <div ref={host} />
      <div style={{ marginTop: 8 }} aria-live="polite">
        {checking ? (
          <Typography.Text type="secondary">正在检查…</Typography.Text>
        ) : located.length === 0 ? (
          <Alert type="success" showIcon message="检查通过，没有发现问题" />
        ) : (
          <List
            size="small"
            bordered
            header={<Typography.Text type="danger">发现 {located.length} 个问题</Typography.Text>}
            className="studio-problems"
            dataSource={located}
            renderItem={(p) => (
              <List.Item style={{ cursor: 'pointer' }} onClick={() => goTo(p.line)}>
                <Typography.Text type="danger">第 {p.line} 行</Typography.Text>&nbsp;
                <Typography.Text code>
                  {p.file} {p.path || '/'}
                </Typography.Text>
                &nbsp;{p.message}
              </List.Item>
            )}
          />
        )}
      </div>
    </div>
  );
}
