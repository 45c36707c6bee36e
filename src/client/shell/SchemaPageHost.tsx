import { Spin } from 'antd';
import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { askPageSchemaEarly } from '../api/pageSchemaEarly.js';
import { preloadPageChunk } from '../runtime/pages/pageChunks.js';
import type { DictionaryFlags } from '../../shared/dictionaryRules.js';
import { useShell } from './ShellContext.js';

export interface SchemaPageProps {
  pageId: string;
  mode?: 'add' | 'edit' | 'look';
  query: Record<string, string>;
  /** The page's own chunk, from the route tree (RouteDef.pageChunk). */
  pageChunk?: string;
}

const loadRuntime = () => import('../runtime/index.js');

/** The page runtime is loaded on first use, so the first load of the portal stays small. */
const SchemaPage = lazy(() =>
  loadRuntime().then((m) => ({
    default: m.SchemaPage as ComponentType<SchemaPageProps & { runtime?: { dictionaryFlags: DictionaryFlags } }>,
  })),
);

/** Starts loading the page runtime before any page asks for it (the browser loads a module once). */
export function preloadRuntime(): void {
  void loadRuntime();
}

export function PageLoading() {
  return (
    <div className="shell-page-loading">
      <Spin />
    </div>
  );
}

/**
 * Renders a page schema through the runtime. The page schema and the page's own chunk (a full
 * list, a form) are asked for as the route opens, with the runtime: the schema would otherwise wait
 * for the runtime, and the chunk for the schema that names its kind. Once per mount (a new page is
 * a new mount: RouteView keys it by address).
 */
export function SchemaPageHost(props: SchemaPageProps) {
  useState(() => {
    askPageSchemaEarly(props.pageId);
    preloadPageChunk(props.pageChunk);
  });
  // The site's flags narrow dictionaries on every page (SPEC §5: no 成果鉴定评审 without result appraisal).
  const isTopicAppraisal = useShell().settings?.isTopicAppraisal;
  const runtime = useMemo(() => ({ dictionaryFlags: { isTopicAppraisal } }), [isTopicAppraisal]);
  return (
    <Suspense fallback={<PageLoading />}>
      <SchemaPage pageId={props.pageId} mode={props.mode} query={props.query} runtime={runtime} />
    </Suspense>
  );
}
