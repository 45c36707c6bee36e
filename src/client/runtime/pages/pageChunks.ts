/**
 * The page kinds whose code is a chunk of its own, under the names the server gives them in the
 * route tree (src/shared/schema/pageChunk.ts: every kind, and 'list' for the full list page). No
 * React and no static import of any page here: the shell imports this module to start a route's
 * chunk as the route opens, together with the runtime and the page schema.
 */
const loaders = {
  list: () => import('./ListPage.js'),
  form: () => import('./FormPage.js'),
  detail: () => import('./DetailPage.js'),
  article: () => import('./ArticlePage.js'),
  dashboard: () => import('./DashboardPage.js'),
  allocation: () => import('./AllocationPage.js'),
  progress: () => import('./ProgressPage.js'),
  ranking: () => import('./RankingPage.js'),
  statistics: () => import('./StatisticsPage.js'),
  lookup: () => import('./LookupPage.js'),
  studio: () => import('./studio/StudioPage.js'),
};

export type PageChunk = keyof typeof loaders;

/** The chunk's module; the browser fetches and runs a module once, however often it is asked for. */
export function loadPageChunk<K extends PageChunk>(name: K): ReturnType<(typeof loaders)[K]> {
  return loaders[name]() as ReturnType<(typeof loaders)[K]>;
}

/** Starts loading a route's page chunk, if it names one this runtime has; a failure is left to the page's own load. */
export function preloadPageChunk(name: string | undefined): void {
  if (name && Object.hasOwn(loaders, name)) loadPageChunk(name as PageChunk).catch(() => undefined);
}
