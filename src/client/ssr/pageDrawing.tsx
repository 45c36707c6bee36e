/**
 * The server's drawing of a public page's content with the runtime's own page kinds: the same list,
 * record, article and dashboard components the app draws the route with, given the same answers,
 * so the page a visitor sees before the app arrives is the page the app then shows (nothing moves
 * or changes when it takes over: shell/serverPage.ts). Part of the server's build (dist-ssr/), never
 * loaded by the browser.
 *
 * The runtime asks its data provider as it mounts; renderToString runs no effects, so everything a
 * page's first render reads is asked before it: the schema, the kind's code, the dictionaries, a
 * list's first page (handed over through the list prefetch the pages already take from) and the
 * record an address names (handed to the kind as `record`, as a container page hands it).
 */
import { useFieldSchema } from '@formily/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createContext, useContext, useId, type ComponentType, type ReactNode } from 'react';
import { isCompactList } from '../../shared/schema/compactList.js';
import type { DashboardPageDef, ListPageDef, PageBundle, ResourceRecord } from '../../shared/schema/types.js';
import { MessageProvider } from '../feedback/messages.js';
import { askingProvider, type AskServer } from './askingProvider.js';
import type { DataProvider } from '../runtime/data/dataProvider.js';
import { prefetchList } from '../runtime/data/listPrefetch.js';
import { preloadDictionaries } from '../runtime/dictionaries/preloadDictionaries.js';
import { visibleBlocks } from '../runtime/model/dashboard.js';
import { initialListState, toListRequest } from '../runtime/model/listQuery.js';
import { getPageKind, preparePage } from '../runtime/pages/index.js';
import type { Query } from '../runtime/pages/types.js';
import {
  dictionaryStoreFor,
  EmbeddedPageProvider,
  RuntimeProvider,
  type EmbeddedPage,
} from '../runtime/RuntimeContext.js';
import { registerLayout, widgetComponents } from '../runtime/widgets/registry.js';
// The form widgets, registered now (in the app they come with the form and filter chunks): the
// form grid is wrapped for the server once it is registered (drawGridsForServer).
import '../runtime/widgets/index.js';

/**
 * Formily's grid lays its fields out once it has measured itself in the browser: as many columns
 * as its fields' spans add up to, within its bounds, at a width where they all fit (@formily/grid
 * `columns`), and each field's span cut to what is left of its row (`resolveChildren`). The server
 * has no width to measure: it writes that layout as rules for the grid (a phone's one column is
 * formPage.css's, !important over them).
 */
export function gridLayout(
  spans: number[],
  minColumns: number,
  maxColumns: number,
): { columns: number; children: string[] } {
  const total = spans.reduce((sum, s) => sum + (s === -1 ? 1 : s), 0);
  const columns = Math.max(minColumns, Math.min(maxColumns, Math.max(total, 1)));
  let walked = 0;
  const children = spans.map((origin) => {
    const remain = columns - (walked % columns);
    if (origin === -1) {
      walked += remain;
      return `span ${remain} / -1`;
    }
    const span = Math.min(origin, columns, remain);
    walked += span;
    return `span ${span} / auto`;
  });
  return { columns, children };
}

/** Where the form grids of one drawing write their rules. */
const GridRules = createContext<Set<string> | null>(null);

const serverGrids = new WeakSet<ComponentType<never>>();

/** The registered form grid, in a box that names the columns it asks for (DRAWING_STYLE); once. */
function drawGridsForServer(): void {
  const Grid = widgetComponents().FormGrid as ComponentType<{ maxColumns?: number }> | undefined;
  if (!Grid || serverGrids.has(Grid as ComponentType<never>)) return;
  const ServerGrid = (props: { maxColumns?: number; minColumns?: number }) => {
    const id = useId();
    const spans = Object.values(useFieldSchema()?.properties ?? {}).map((child) =>
      Number((child['x-decorator-props'] as { gridSpan?: number } | undefined)?.gridSpan ?? 1),
    );
    const grid = `[data-ssr-grid="${id}"]>.ant-formily-grid-layout`;
    const rules = gridLayout(spans, props.minColumns ?? 1, props.maxColumns ?? (spans.length || 1));
    // Written in the page's head with antd's styles (drawPage's `styles`): the page's content then
    // says only what the app's says (shell/serverPage.ts compares them).
    useContext(GridRules)?.add(
      [
        `${grid}{grid-template-columns:repeat(${rules.columns},minmax(0px,1fr))}`,
        ...rules.children.map((column, k) => `${grid}>:nth-child(${k + 1}){grid-column:${column}}`),
      ].join(''),
    );
    return (
      <div data-ssr-grid={id} style={{ display: 'contents' }}>
        <Grid {...props} />
      </div>
    );
  };
  serverGrids.add(ServerGrid as ComponentType<never>);
  registerLayout('FormGrid', ServerGrid as never);
}

/** The route's page as the server is asked to draw it. */
export interface PageToDraw {
  pageId: string;
  mode?: 'add' | 'edit' | 'look';
  query: Query;
}

/** A page ready to draw: its bundle and everything its first render reads. */
interface Prepared {
  bundle: PageBundle;
  record?: ResourceRecord | null;
  /** The record the address names was asked for and is not there: the page's own 'not found'. */
  missing?: boolean;
}

/**
 * Asks for everything the page's first render reads, and for each page a dashboard embeds for a
 * visitor; answers the pages by id. A page that cannot be asked for is left out (its place then
 * shows what the app shows while loading).
 */
async function preparePages(provider: DataProvider, page: PageToDraw): Promise<Map<string, Prepared>> {
  const ready = new Map<string, Prepared>();
  const dictionaries = dictionaryStoreFor(provider, false);
  const prepare = async (pageId: string, query: Query): Promise<void> => {
    const bundle = await provider.getPage(pageId).catch(() => null);
    if (!bundle?.page) return;
    const def = bundle.page as { kind: string; source?: string };
    const isPublic = def.source === 'public';
    await Promise.all([
      preparePage(bundle, { dataProvider: provider }, query),
      preloadDictionaries(bundle, dictionaries),
    ]);
    const prepared: Prepared = { bundle };
    // The light list asks as it mounts (the full one has asked in preparePage).
    if (def.kind === 'list' && isCompactList(bundle.page as ListPageDef)) {
      const list = bundle.page as ListPageDef;
      prefetchList(
        provider,
        bundle.entity.name,
        toListRequest(initialListState(list, bundle.entity), list, bundle.entity),
        isPublic,
      );
    }
    // A record's address: the record, as a container that has read it hands it to the page.
    if (query.id && isPublic && def.kind !== 'list' && def.kind !== 'dashboard' && bundle.entity?.name) {
      const record = await provider.getPublicOne(bundle.entity.name, query.id).catch(() => null);
      Object.assign(prepared, record ? { record } : { missing: true });
    }
    ready.set(pageId, prepared);
    if (def.kind === 'dashboard')
      await Promise.all(
        visibleBlocks((bundle.page as DashboardPageDef).blocks, undefined)
          .map(({ block }) => (block.type === 'page' && block.page && block.signedIn !== true ? block.page : ''))
          .filter(Boolean)
          .map((id) => prepare(id, {})),
      );
  };
  await prepare(page.pageId, page.query);
  return ready;
}

/** One prepared page drawn as SchemaPage draws it once loaded: the same providers around the kind. */
function DrawnPage({
  ready,
  pageId,
  mode,
  query,
  placeholder,
}: {
  ready: Map<string, Prepared>;
  pageId: string;
  mode?: PageToDraw['mode'];
  query: Query;
  placeholder?: ReactNode;
}) {
  const prepared = ready.get(pageId);
  const Kind = prepared ? getPageKind(prepared.bundle.page.kind) : undefined;
  if (!prepared || !Kind) return <>{placeholder ?? null}</>;
  const Embedded: EmbeddedPage = (props) => <DrawnPage ready={ready} query={{}} {...props} />;
  return (
    <ConfigProvider locale={zhCN}>
      <MessageProvider>
        <EmbeddedPageProvider value={Embedded}>
          <Kind
            key={`${pageId}:${mode ?? ''}:${query.id ?? ''}`}
            bundle={prepared.bundle}
            mode={mode}
            query={query}
            {...(prepared.record !== undefined ? { record: prepared.record } : {})}
            missing={prepared.missing}
          />
        </EmbeddedPageProvider>
      </MessageProvider>
    </ConfigProvider>
  );
}

/**
 * The route's page as the runtime draws it for a visitor, with what it reads asked first; null when
 * the page's schema is not there (the server then writes its own drawing).
 */
export async function drawPage(
  ask: AskServer,
  page: PageToDraw,
  siteSettings: { systemName?: string } | null,
  dictionaryFlags: { isTopicAppraisal?: number },
): Promise<{ tree: ReactNode; styles: () => string } | null> {
  const { provider, settled } = askingProvider(ask);
  const ready = await preparePages(provider, page);
  await settled();
  drawGridsForServer();
  if (!ready.has(page.pageId)) return null;
  const rules = new Set<string>();
  const tree = (
    <GridRules.Provider value={rules}>
      <RuntimeProvider
        dataProvider={provider}
        user={null}
        siteSettings={siteSettings}
        dictionaryFlags={dictionaryFlags}
      >
        <DrawnPage ready={ready} pageId={page.pageId} mode={page.mode} query={page.query} />
      </RuntimeProvider>
    </GridRules.Provider>
  );
  // Once drawn: the rules its form grids wrote, as a <style> for the page's head.
  return { tree, styles: () => (rules.size ? `<style>${[...rules].join('')}</style>` : '') };
}
