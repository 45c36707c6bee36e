import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';

export interface SchemaPageProps {
  pageId: string;
  mode?: 'add' | 'edit' | 'look';
  query: Record<string, string>;
}

/**
 * The page runtime is loaded on first use, so the first load of the portal stays small. Found
 * through a glob so the shell builds even before the runtime's entry exists.
 */
const runtimeEntry = import.meta.glob<{ SchemaPage: ComponentType<SchemaPageProps> }>('../runtime/index.{ts,tsx}');
const loadRuntime = Object.values(runtimeEntry)[0];

export const runtimeAvailable = !!loadRuntime;

const SchemaPage = loadRuntime ? lazy(() => loadRuntime().then((m) => ({ default: m.SchemaPage }))) : null;

export function PageLoading() {
  return <div className="shell-page-loading"><Spin /></div>;
}

/** Renders a page schema through the runtime; `fallback` when the runtime is not built. */
export function SchemaPageHost(props: SchemaPageProps & { fallback: JSX.Element }) {
  if (!SchemaPage) return props.fallback;
  return (
    <Suspense fallback={<PageLoading />}>
      <SchemaPage pageId={props.pageId} mode={props.mode} query={props.query} />
    </Suspense>
  );
}
