import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';

export interface SchemaPageProps {
  pageId: string;
  mode?: 'add' | 'edit' | 'look';
  query: Record<string, string>;
}

const loadRuntime = () => import('../runtime/index.js');

/** The page runtime is loaded on first use, so the first load of the portal stays small. */
const SchemaPage = lazy(() => loadRuntime().then((m) => ({ default: m.SchemaPage as ComponentType<SchemaPageProps> })));

/** Starts loading the page runtime before any page asks for it (the browser loads a module once). */
export function preloadRuntime(): void {
  void loadRuntime();
}

export function PageLoading() {
  return <div className="shell-page-loading"><Spin /></div>;
}

/** Renders a page schema through the runtime. */
export function SchemaPageHost(props: SchemaPageProps) {
  return (
    <Suspense fallback={<PageLoading />}>
      <SchemaPage pageId={props.pageId} mode={props.mode} query={props.query} />
    </Suspense>
  );
}
