/**
 * The detail page kind: a record's tabs (forms in look mode, lists filtered by the record, the
 * operation log, the workflow) and the record's actions (transitions by rule and permission).
 */
import { Card, Result, Space, Spin, Tabs } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { test } from '../../../../shared/rules/evaluate.js';
import type { DetailPageDef, DetailTabDef, PageBundle, ResourceRecord } from '../../../../shared/schema/types.js';
import { visibleActions } from '../../model/actions.js';
import { ruleContext } from '../../model/ruleContext.js';
import { PageContext } from '../../PageContext.js';
import { useRuntime } from '../../RuntimeContext.js';
import { ActionButton } from '../ActionButton.js';
import { FormPage, RECORD_NOT_FOUND } from '../form/FormPage.js';
import { ListPage } from '../list/ListPage.js';
import { LogTable } from './LogTable.js';
import { WorkflowProgress } from './WorkflowProgress.js';
import { isAdminRole } from '../../../../shared/roles.js';
import type { PageKindProps } from '../types.js';
import { useActionRunner } from '../useActionRunner.js';

// dagre and the diagram load only when a detail page shows a workflow.
const LazyWorkflowDiagram = lazy(() => import('./WorkflowDiagram.js').then((m) => ({ default: m.WorkflowDiagram })));

/** A list tab's fixed filters: ":name" takes the record's value, anything else is literal. */
export function tabParams(params: Record<string, string> | undefined, record: ResourceRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, v] of Object.entries(params ?? {}))
    out[field] = v.startsWith(':') ? (record[v.slice(1)] ?? null) : v;
  return out;
}

function SubPage({ tab, record, query }: { tab: DetailTabDef; record: ResourceRecord; query: PageKindProps['query'] }) {
  const { dataProvider } = useRuntime();
  const [bundle, setBundle] = useState<PageBundle | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    if (!tab.page) {
      setFailed(true);
      return;
    }
    dataProvider.getPage(tab.page).then(
      (b) => {
        if (alive) setBundle(b);
      },
      () => {
        if (alive) setFailed(true);
      },
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, tab.page]);
  if (failed) return <Result status="warning" title="页面加载失败" />;
  if (!bundle) return <Spin />;
  if (tab.type === 'form')
    return <FormPage bundle={bundle} mode="look" query={{ ...query, id: record.id }} record={record} embedded />;
  return <ListPage bundle={bundle} query={query} fixed={tabParams(tab.params, record)} embedded />;
}

export function DetailPage({ bundle, query }: PageKindProps) {
  const page = bundle.page as DetailPageDef;
  const { dataProvider, user, now } = useRuntime();
  const [record, setRecord] = useState<ResourceRecord | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [reloadKey, setReloadKey] = useState(0);
  const id = query.id;
  useEffect(() => {
    if (!id) {
      setState('failed');
      return;
    }
    let alive = true;
    dataProvider.getOne(bundle.entity.name, id).then(
      (r) => {
        if (alive) {
          setRecord(r);
          setState(r ? 'ready' : 'failed');
        }
      },
      () => {
        if (alive) setState('failed');
      },
    );
    return () => {
      alive = false;
    };
  }, [bundle.entity.name, dataProvider, id, reloadKey]);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  const run = useActionRunner(bundle, reload);

  if (state === 'loading') return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (state === 'failed' || !record) return <Result status="warning" title={RECORD_NOT_FOUND} />;

  const ctx = ruleContext({ record, user, query, now: now() });
  const actions = visibleActions(page.actions, bundle.workflow, { record, user, query, now: now() });
  const tabs = page.tabs
    .filter((t) => test(t.visible, ctx))
    .map((tab, i) => {
      let children: ReactNode;
      if (tab.type === 'log')
        children = <LogTable entity={bundle.entity.name} id={record.id} workflow={bundle.workflow} />;
      else if (tab.type === 'workflow') {
        // Everyone reads the path taken and the next step; the whole diagram is for administrators.
        children = bundle.workflow ? (
          <>
            <WorkflowProgress
              workflow={bundle.workflow}
              current={record[bundle.workflow.field] as string | undefined}
              entity={bundle.entity.name}
              id={record.id}
            />
            {isAdminRole(user?.roleCode) ? (
              <Suspense fallback={<Spin />}>
                <LazyWorkflowDiagram
                  workflow={bundle.workflow}
                  current={record[bundle.workflow.field] as string | undefined}
                  entity={bundle.entity.name}
                  id={record.id}
                />
              </Suspense>
            ) : null}
          </>
        ) : null;
      } else children = <SubPage tab={tab} record={record} query={query} />;
      return { key: `tab${i}`, label: tab.title, children };
    });

  return (
    <PageContext.Provider value={{ bundle, record, query }}>
      <Card
        title={page.title}
        className="runtime-page runtime-detail"
        extra={
          actions.length ? (
            <Space>
              {actions.map((a) => (
                <ActionButton
                  key={a.key}
                  action={a}
                  rows={[record]}
                  run={run}
                  variant="toolbar"
                  // A record's own transitions and deletes: the firing crawler presses them here.
                  mark={a.type === 'transition' || a.type === 'delete' ? page.id : undefined}
                />
              ))}
            </Space>
          ) : undefined
        }
      >
        <Tabs items={tabs} destroyOnHidden={false} />
      </Card>
    </PageContext.Provider>
  );
}
