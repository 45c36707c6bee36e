/**
 * The JSON of one schema file, with line numbers and the checker's problems (meta-schema and cross
 * references, as `npm run schemas:check` finds them) at the line they concern, checked as you type.
 */
import { Alert, Input, List, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { jsonLines, lineOf } from '../../../../shared/schema/jsonLines.js';
import type { Problem } from './studioApi.js';

export function StudioEditor({
  text,
  onChange,
  problems,
  checking,
}: {
  text: string;
  onChange: (text: string) => void;
  problems: Problem[];
  checking: boolean;
}) {
  const area = useRef<HTMLTextAreaElement | null>(null);
  const located = useMemo(() => {
    const lines = jsonLines(text);
    return problems.map((p) => ({ ...p, line: lineOf(lines, p.path) }));
  }, [text, problems]);
  const goTo = (line: number) => {
    const el = area.current;
    if (!el) return;
    const start =
      text
        .split('\n')
        .slice(0, line - 1)
        .join('\n').length + (line > 1 ? 1 : 0);
    el.focus();
    el.setSelectionRange(start, start + (text.split('\n')[line - 1]?.length ?? 0));
    el.scrollTop = Math.max(0, (line - 5) * 20);
  };
  return (
    <div className="studio-editor">
      <Input.TextArea
        ref={(r) => {
          area.current = r?.resizableTextArea?.textArea ?? null;
        }}
        aria-label="配置内容"
        value={text}
        spellCheck={false}
        autoSize={{ minRows: 24, maxRows: 32 }}
        onChange={(e) => onChange(e.target.value)}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13, lineHeight: '20px' }}
      />
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
