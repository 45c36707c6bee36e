/**
 * Preparing pages before their first render (preparedPagesContext.ts says why): what each asks for.
 */
import { isCompactList } from '../../../shared/schema/compactList.js';
import type { DashboardPageDef, ListPageDef } from '../../../shared/schema/types.js';
import type { DataProvider } from '../data/dataProvider.js';
import { prefetchesSettled, prefetchList } from '../data/listPrefetch.js';
import type { DictionaryStore } from '../dictionaries/dictionaryStore.js';
import { preloadDictionaries } from '../dictionaries/preloadDictionaries.js';
import { visibleBlocks } from '../model/dashboard.js';
import { initialListState, toListRequest } from '../model/listQuery.js';
// The page kinds, registered: each prepares its own pages (its code, a list's first page).
import './index.js';
import { preparePage } from './registry.js';
import type { PageToDraw, PreparedPage, PreparedPages } from './preparedPagesContext.js';
import type { Query } from './types.js';

/**
 * Asks for everything the page's first render reads, and for each page a dashboard embeds for a
 * visitor. A page that cannot be asked for is left out (its place then shows what the app shows
 * while loading).
 */
export async function preparePages(
  provider: DataProvider,
  dictionaries: DictionaryStore,
  page: PageToDraw,
): Promise<PreparedPages> {
  const pages = new Map<string, PreparedPage>();
  const prepare = async (pageId: string, query: Query): Promise<void> => {
    const bundle = await provider.getPage(pageId).catch(() => null);
    if (!bundle?.page) return;
    const def = bundle.page as { kind: string; source?: string };
    const isPublic = def.source === 'public';
    await Promise.all([
      preparePage(bundle, { dataProvider: provider }, query),
      preloadDictionaries(bundle, dictionaries),
    ]);
    const prepared: PreparedPage = { bundle };
    // The light list asks as it mounts (the full one has asked in preparePage).
    if (def.kind === 'list' && isCompactList(bundle.page as ListPageDef)) {
      const list = bundle.page as ListPageDef;
      const request = toListRequest(initialListState(list, bundle.entity), list, bundle.entity);
      prefetchList(provider, bundle.entity.name, request, isPublic);
    }
    // A record's address: the record, as a container that has read it hands it to the page.
    if (query.id && isPublic && def.kind !== 'list' && def.kind !== 'dashboard' && bundle.entity?.name) {
      const known = pageId === page.pageId && page.missing;
      const record = known ? null : await provider.getPublicOne(bundle.entity.name, query.id).catch(() => null);
      Object.assign(prepared, record ? { record } : { missing: true });
    }
    pages.set(pageId, prepared);
    if (def.kind === 'dashboard')
      await Promise.all(
        visibleBlocks((bundle.page as DashboardPageDef).blocks, undefined)
          .map(({ block }) => (block.type === 'page' && block.page && block.signedIn !== true ? block.page : ''))
          .filter(Boolean)
          .map((id) => prepare(id, {})),
      );
  };
  await prepare(page.pageId, page.query);
  // A list's first render takes its rows only once they are in.
  await prefetchesSettled(provider);
  return { provider, pages };
}
