/**
 * The runtime's one entry: loads a page schema (with its entity and workflow) through the data
 * provider and renders the page kind registered for it. The shell lazy-loads this for every route
 * that names a `page`.
 */
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PageBundle } from '../../shared/schema/types.js';
import { MessageProvider } from '../feedback/messages.js';
import { preloadDictionaries } from './dictionaries/preloadDictionaries.js';
import type { FormMode } from './model/formSchema.js';
import './pages/index.js';
import { getPageKind, preparePage } from './pages/registry.js';
import { PageSpinner } from './PageSpinner.js';
import { usePreparedPages } from './pages/preparedPagesContext.js';
import type { Query } from './pages/types.js';
import {
  EmbeddedPageProvider,
  RuntimeProvider,
  useOptionalRuntime,
  useRuntime,
  type EmbeddedPage,
  type RuntimeProviderProps,
} from './RuntimeContext.js';

// antd's Result brings its 403/404/500 illustrations; a page that failed to load is rare, so the
// list path (home's boxes) does not carry it.
const Result = lazy(() => import('antd/es/result/index.js'));

export const PAGE_LOAD_FAILED = '页面加载失败';

export interface SchemaPageProps {
  pageId: string;
  mode?: FormMode;
  /** The route's query parameters (id, stage, ...): an object or the URLSearchParams. */
  query?: Query | URLSearchParams;
  /** Optional overrides of the runtime environment (tests, embedding); by default the session's. */
  runtime?: Omit<RuntimeProviderProps, 'children'>;
  /** What shows while the page loads, instead of the page spinner (an embedding page's own box). */
  placeholder?: ReactNode;
}

function toQuery(q: SchemaPageProps['query']): Query {
  if (!q) return {};
  if (typeof URLSearchParams !== 'undefined' && q instanceof URLSearchParams) return Object.fromEntries(q.entries());
  return { ...(q as Query) };
}

function PageLoader({
  pageId,
  mode,
  query,
  placeholder,
}: {
  pageId: string;
  mode?: FormMode;
  query: Query;
  placeholder?: ReactNode;
}) {
  const { dataProvider, dictionaries } = useRuntime();
  const navigate = useNavigate();
  // The address a page opens at, for its kind's prefetch (a list's page); a later change of the
  // address alone is the page's own to follow, not a reason to load the schema again.
  const opening = useRef(query);
  opening.current = query;
  // A page prepared before its first render (the server's drawing, and the browser hydrating it)
  // is drawn at once, with the record its address names.
  const prepared = usePreparedPages()?.pages.get(pageId);
  const [state, setState] = useState<{ bundle: PageBundle | null; error: string | null }>(() => ({
    bundle: prepared?.bundle ?? null,
    error: null,
  }));
  const [given] = useState(() => (prepared ? { record: prepared.record, missing: prepared.missing } : null));
  useEffect(() => {
    if (state.bundle && given) return;
    let alive = true;
    setState({ bundle: null, error: null });
    dataProvider.getPage(pageId).then(
      (bundle) => {
        if (!alive) return;
        if (!bundle?.page) {
          setState({ bundle, error: PAGE_LOAD_FAILED });
          return;
        }
        // The spinner stays until the kind's code is in: the page's first render is then a whole
        // one, not a suspended one React retries in slices. Its dictionaries too: cells and option
        // labels then show labels from the first paint, not codes while a dictionary loads.
        void Promise.all([
          preparePage(bundle, { dataProvider }, opening.current),
          preloadDictionaries(bundle, dictionaries),
        ]).then(() => {
          if (alive) setState({ bundle, error: null });
        });
      },
      (e: unknown) => {
        if (!alive) return;
        // A page the user's role may not read is the spec's no-permission case: /403.
        if ((e as { status?: number })?.status === 403) {
          navigate('/403', { replace: true });
          return;
        }
        setState({ bundle: null, error: (e as Error)?.message || PAGE_LOAD_FAILED });
      },
    );
    return () => {
      alive = false;
    };
    // Once per page: a prepared page is not loaded again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataProvider, dictionaries, navigate, pageId]);
  const loading = placeholder ?? <PageSpinner />;
  if (state.error)
    return (
      <Suspense fallback={loading}>
        <Result
          status="warning"
          title={PAGE_LOAD_FAILED}
          subTitle={state.error === PAGE_LOAD_FAILED ? undefined : state.error}
        />
      </Suspense>
    );
  if (!state.bundle) return loading;
  const Kind = getPageKind(state.bundle.page.kind);
  if (!Kind)
    return (
      <Suspense fallback={loading}>
        <Result status="warning" title={PAGE_LOAD_FAILED} subTitle={`未知的页面类型：${state.bundle.page.kind}`} />
      </Suspense>
    );
  // A new record id or mode starts a fresh page (new form, new list state). Form and detail kinds
  // are lazily loaded chunks: the spinner stays until the kind's code has arrived.
  return (
    <Suspense fallback={loading}>
      <Kind
        key={`${pageId}:${mode ?? ''}:${query.id ?? ''}`}
        bundle={state.bundle}
        mode={mode}
        query={query}
        {...(given?.record !== undefined ? { record: given.record } : {})}
        missing={given?.missing}
      />
    </Suspense>
  );
}

export function SchemaPage({ pageId, mode, query, runtime, placeholder }: SchemaPageProps) {
  const outer = useOptionalRuntime();
  const q = useMemo(() => toQuery(query), [query]);
  const page = (
    <ConfigProvider locale={zhCN}>
      <MessageProvider>
        <EmbeddedPageProvider value={EmbeddedSchemaPage}>
          <PageLoader pageId={pageId} mode={mode} query={q} placeholder={placeholder} />
        </EmbeddedPageProvider>
      </MessageProvider>
    </ConfigProvider>
  );
  if (outer && !runtime) return page;
  return <RuntimeProvider {...runtime}>{page}</RuntimeProvider>;
}

/** A page drawn inside another (a dashboard's page block), in the outer page's runtime. */
const EmbeddedSchemaPage: EmbeddedPage = ({ pageId, placeholder }) => (
  <SchemaPage pageId={pageId} query={{}} placeholder={placeholder} />
);
