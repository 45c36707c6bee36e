/**
 * The page kinds, one line each: the chunk of a kind's code (its folder's page module) and the
 * component it exports, under the kind's name (src/shared/schema/pageChunk.ts: every kind, and
 * 'list' for the full list page). ./index.ts registers every kind here, and the shell imports this
 * module to start a route's chunk as the route opens. No React and no static import of any page
 * here: each page stays a chunk of its own.
 */
import type { ComponentType } from 'react';
import type { PageKindProps } from './types.js';

/** A kind's chunk: how to load its module, and which of its exports is the page. */
function chunk<M, K extends keyof M>(load: () => Promise<M>, page: K) {
  return { load, page };
}

const chunks = {
  list: chunk(() => import('./list/ListPage.js'), 'ListPage'),
  form: chunk(() => import('./form/FormPage.js'), 'FormPage'),
  detail: chunk(() => import('./detail/DetailPage.js'), 'DetailPage'),
  article: chunk(() => import('./article/ArticlePage.js'), 'ArticlePage'),
  dashboard: chunk(() => import('./dashboard/DashboardPage.js'), 'DashboardPage'),
  statistics: chunk(() => import('./statistics/StatisticsPage.js'), 'StatisticsPage'),
  lookup: chunk(() => import('./lookup/LookupPage.js'), 'LookupPage'),
  studio: chunk(() => import('./studio/StudioPage.js'), 'StudioPage'),
};

export type PageChunk = keyof typeof chunks;

/** The chunks of the page kinds client modules bring (pages/modulePageKind.ts), by kind. */
const moduleChunks = new Map<string, () => Promise<unknown>>();

export function registerPageChunk(kind: string, load: () => Promise<unknown>): void {
  moduleChunks.set(kind, load);
}

/** The chunk's module; the browser fetches and runs a module once, however often it is asked for. */
export function loadPageChunk<K extends PageChunk>(name: K): ReturnType<(typeof chunks)[K]['load']> {
  if (!Object.hasOwn(chunks, name)) return moduleChunks.get(name)!() as ReturnType<(typeof chunks)[K]['load']>;
  return chunks[name].load() as ReturnType<(typeof chunks)[K]['load']>;
}

/** Every kind with its page's loader: the component the kind's chunk exports. */
export function pageChunkKinds(): [PageChunk, () => Promise<ComponentType<PageKindProps>>][] {
  return (Object.keys(chunks) as PageChunk[]).map((kind) => [
    kind,
    () =>
      chunks[kind]
        .load()
        .then((m) => (m as Record<string, unknown>)[chunks[kind].page] as ComponentType<PageKindProps>),
  ]);
}

/** Starts loading a route's page chunk, if it names one this build has; a failure is left to the page's own load. */
export function preloadPageChunk(name: string | undefined): void {
  if (name && (Object.hasOwn(chunks, name) || moduleChunks.has(name)))
    loadPageChunk(name as PageChunk).catch(() => undefined);
}
