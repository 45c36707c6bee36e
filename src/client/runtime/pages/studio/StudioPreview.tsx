/**
 * A page as the runtime renders it, from the studio's drafts (the page and its entity as edited,
 * published or not), in add, edit or look mode, as seen by the role chosen (the rules of the page
 * read that role); edit and look open the newest stored record. Nothing is saved from a preview.
 */
import { Alert, Empty, Segmented, Select, Space, Spin } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import type { EntityDef, PageBundle, PageDef, WorkflowDef } from '../../../../shared/schema/types.js';
import type { FormMode } from '../../model/formSchema.js';
import { ROLE_NAMES, type RoleCode } from '../../../../shared/roles.js';
import { readOnlyProvider } from '../../data/readOnlyProvider.js';
import { RuntimeProvider, useRuntime } from '../../RuntimeContext.js';
import { getPageKind, preparePage } from '../registry.js';

const ROLES = (Object.entries(ROLE_NAMES) as [RoleCode, string][]).map(([value, label]) => ({ value, label }));

const MODES: { label: string; value: FormMode }[] = [
  { label: '新增', value: 'add' },
  { label: '编辑', value: 'edit' },
  { label: '查看', value: 'look' },
];

function parse<T>(text: string | undefined): T | undefined {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

export function StudioPreview({
  pageText,
  docText,
}: {
  pageText: string;
  docText: (key: string) => Promise<string | undefined>;
}) {
  const { dataProvider, user, dictionaryFlags } = useRuntime();
  const page = useMemo(() => parse<PageDef>(pageText), [pageText]);
  const [mode, setMode] = useState<FormMode>('add');
  const [role, setRole] = useState<string>(user?.roleCode ?? ROLES[0].value);
  const previewProvider = useMemo(() => readOnlyProvider(dataProvider), [dataProvider]);
  const previewUser = useMemo(() => (user ? { ...user, roleCode: role, roles: [role] } : null), [user, role]);
  const [state, setState] = useState<{ bundle?: PageBundle; id?: string; error?: string }>({});
  const entityName = (page as { entity?: string } | undefined)?.entity;

  useEffect(() => {
    let alive = true;
    if (!page || !entityName) {
      setState({});
      return;
    }
    void (async () => {
      const entity = parse<EntityDef>(await docText(`entities/${entityName}`));
      if (!entity) {
        if (alive) setState({ error: `实体 ${entityName} 的配置无法解析` });
        return;
      }
      const workflow = entity.workflow
        ? (parse<WorkflowDef>(await docText(`workflows/${entity.workflow}`)) ?? null)
        : null;
      const bundle: PageBundle = { page, entity, workflow };
      let id: string | undefined;
      if (mode !== 'add' && page.kind === 'form') {
        const list = await dataProvider.getList(entity.name, { page: 1, pageSize: 1 }).catch(() => undefined);
        id = list?.list[0]?.id === undefined ? undefined : String(list.list[0].id);
      }
      await preparePage(bundle, { dataProvider });
      if (alive) setState({ bundle, id });
    })().catch((e: unknown) => {
      if (alive) setState({ error: (e as Error)?.message || '预览失败' });
    });
    return () => {
      alive = false;
    };
  }, [page, entityName, mode, docText, dataProvider]);

  if (!page) return <Alert type="warning" showIcon message="配置内容不是合法的 JSON，无法预览" />;
  if (!entityName) return <Empty description="此类配置没有页面预览" />;
  const Kind = state.bundle ? getPageKind(state.bundle.page.kind) : undefined;
  return (
    <div className="studio-preview">
      <Space wrap style={{ marginBottom: 12 }}>
        {page.kind === 'form' && <Segmented options={MODES} value={mode} onChange={(v) => setMode(v as FormMode)} />}
        <span>预览身份</span>
        <Select aria-label="预览身份" options={ROLES} value={role} onChange={setRole} style={{ width: 140 }} />
      </Space>
      {state.error && <Alert type="error" showIcon message={state.error} />}
      {mode !== 'add' && state.bundle && !state.id && page.kind === 'form' && (
        <Alert type="info" showIcon message="没有可用于预览的记录" />
      )}
      <div style={{ border: '1px dashed #d9d9d9', padding: 12 }} aria-label="页面预览">
        {!state.bundle && !state.error && <Spin />}
        {Kind && state.bundle && (mode === 'add' || state.id || page.kind !== 'form') && (
          <RuntimeProvider dataProvider={previewProvider} user={previewUser} dictionaryFlags={dictionaryFlags}>
            <Suspense fallback={<Spin />}>
              <Kind
                key={`${pageText.length}:${mode}:${role}:${state.id ?? ''}`}
                bundle={state.bundle}
                mode={page.kind === 'form' ? mode : undefined}
                query={state.id ? { id: state.id } : {}}
              />
            </Suspense>
          </RuntimeProvider>
        )}
      </div>
    </div>
  );
}
