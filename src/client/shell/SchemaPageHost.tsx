import { Spin } from 'antd';
import { Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { loadable } from '../runtime/loadable.js';
import { askPageSchemaEarly, peekPageSchema } from '../api/pageSchemaEarly.js';
import { leadingBanners } from '../runtime/model/dashboard.js';
import { BannerPreview } from '../runtime/pages/dashboard/BannerBlock.js';
import { preloadPageChunk } from '../runtime/pages/pageChunks.js';
import { usePreparedPages } from '../runtime/pages/preparedPagesContext.js';
import type { DataProvider } from '../runtime/data/dataProvider.js';
import type { DictionaryFlags } from '../../shared/dictionaryRules.js';
import type { PageBundle } from '../../shared/schema/types.js';
import { useShell } from './ShellContext.js';

export interface SchemaPageProps {
  pageId: string;
  mode?: 'add' | 'edit' | 'look';
  query: Record<string, string>;
  /** The page's own chunk, from the route tree (LoadedRouteDef.pageChunk). */
  pageChunk?: string;
}

const loadRuntime = () => import('../runtime/index.js');

/** The page runtime is loaded on first use, so the first load of the portal stays small. */
interface RuntimeOptions {
  dictionaryFlags: DictionaryFlags;
  siteSettings: { systemName?: string };
  dataProvider?: DataProvider;
}

// Drawn at once where the runtime is already in (hydrating a page the server drew: main.tsx loads it first).
const SchemaPage = loadable(() =>
  loadRuntime().then(
    (m) => m.SchemaPage as ComponentType<SchemaPageProps & { runtime?: RuntimeOptions; placeholder?: ReactNode }>,
  ),
);

/** Starts loading the page runtime before any page asks for it (the browser loads a module once); settles when it is in. */
export function preloadRuntime(): Promise<unknown> {
  return SchemaPage.load();
}

export function PageLoading() {
  return (
    <div className="shell-page-loading">
      <Spin />
    </div>
  );
}

/**
 * The banners a page opens with (a dashboard's banner blocks: home's site name and motto), drawn
 * from the early schema answer as soon as it is in: they paint before the runtime has loaded, in
 * the markup the page then draws in their place. Nothing for other pages.
 */
function useBannerPreview(pageId: string): ReactNode {
  const { settings, user } = useShell();
  const [bundle, setBundle] = useState<PageBundle | null>(null);
  useEffect(() => {
    let alive = true;
    peekPageSchema<PageBundle>(pageId)?.then(
      (b) => {
        if (alive) setBundle(b);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [pageId]);
  const roleCode = user?.roleCode;
  const signedIn = !!user;
  const systemName = settings?.systemName;
  return useMemo(() => {
    const banners = leadingBanners(bundle?.page, roleCode);
    return banners.length ? <BannerPreview blocks={banners} settings={{ systemName }} signedIn={signedIn} /> : null;
  }, [bundle, roleCode, systemName, signedIn]);
}

/**
 * Renders a page schema through the runtime. The page schema and the page's own chunk (a full
 * list, a form) are asked for as the route opens, with the runtime: the schema would otherwise wait
 * for the runtime, and the chunk for the schema that names its kind. Once per mount (a new page is
 * a new mount: RouteView keys it by address).
 */
export function SchemaPageHost(props: SchemaPageProps) {
  // A prepared page (drawn by the server, or hydrating its drawing) has all it reads already.
  const prepared = usePreparedPages();
  useState(() => {
    if (prepared) return;
    askPageSchemaEarly(props.pageId);
    preloadPageChunk(props.pageChunk);
  });
  const preview = useBannerPreview(props.pageId);
  // The site's flags narrow dictionaries on every page (SPEC §5: no 成果鉴定评审 without result appraisal);
  // its name is what a banner shows.
  const { settings } = useShell();
  const isTopicAppraisal = settings?.isTopicAppraisal;
  const systemName = settings?.systemName;
  const dataProvider = prepared?.provider;
  const runtime = useMemo(
    () => ({ dictionaryFlags: { isTopicAppraisal }, siteSettings: { systemName }, dataProvider }),
    [isTopicAppraisal, systemName, dataProvider],
  );
  return (
    <Suspense fallback={preview ?? <PageLoading />}>
      <SchemaPage
        pageId={props.pageId}
        mode={props.mode}
        query={props.query}
        runtime={runtime}
        placeholder={preview ?? undefined}
      />
    </Suspense>
  );
}
