/**
 * Page kind "lookup": a public look-up with one text box (filled from ?<param>= too). The value is
 * posted to the page's public endpoint; the named keys of the answer are shown, or the server's
 * message (e.g. 未查询到该证书编号) when nothing matches. Nothing else of the answer is drawn.
 */
import { Alert, Card, Descriptions, Input, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { LookupPageDef } from '../../../../shared/schema/types.js';
import { useRuntime } from '../../RuntimeContext.js';
import type { PageKindProps } from '../types.js';
import { CopyButton } from '../../widgets/CopyButton.js';

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'found'; data: Record<string, unknown> }
  | { kind: 'failed'; message: string };

export function LookupPage({ bundle, query }: PageKindProps) {
  const page = bundle.page as LookupPageDef;
  const { dataProvider } = useRuntime();
  const initial = query[page.param] ?? '';
  const [value, setValue] = useState(initial);
  const [state, setState] = useState<State>({ kind: 'idle' });

  const look = useCallback(
    async (v: string) => {
      const text = v.trim();
      if (!text) {
        setState({ kind: 'failed', message: `请输入${page.inputLabel}` });
        return;
      }
      setState({ kind: 'loading' });
      try {
        const data = await dataProvider.moduleCall<Record<string, unknown>>(page.endpoint, { [page.param]: text });
        setState({ kind: 'found', data: data ?? {} });
      } catch (e) {
        setState({ kind: 'failed', message: (e as Error)?.message || '未查询到相关信息' });
      }
    },
    [dataProvider, page.endpoint, page.inputLabel, page.param],
  );

  useEffect(() => {
    if (initial.trim()) void look(initial);
  }, [initial, look]);

  return (
    <section
      className="runtime-page runtime-lookup"
      aria-label={page.title}
      style={{ maxWidth: 760, margin: '24px auto' }}
    >
      <Card title={page.title}>
        <Input.Search
          aria-label={page.inputLabel}
          addonBefore={page.inputLabel}
          placeholder={page.placeholder}
          enterButton="查询"
          maxLength={40}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onSearch={(v) => void look(v)}
        />
        <div style={{ marginTop: 24 }} className="runtime-lookup-result" aria-live="polite">
          {state.kind === 'loading' && <Spin />}
          {state.kind === 'failed' && <Alert type="error" showIcon message={state.message} />}
          {state.kind === 'found' && (
            <>
              {page.found && <Alert type="success" showIcon message={page.found} style={{ marginBottom: 16 }} />}
              <Descriptions bordered column={1} size="small">
                {page.fields.map((f) => {
                  const text = String(state.data[f.key] ?? '');
                  return (
                    <Descriptions.Item key={f.key} label={f.label}>
                      {text}
                      {f.copyable ? <CopyButton text={text} label={f.label} /> : null}
                    </Descriptions.Item>
                  );
                })}
              </Descriptions>
            </>
          )}
        </div>
      </Card>
    </section>
  );
}
