/**
 * The page kinds: one line per kind. Lists are what most visitors see first (the home page's public
 * lists), so the list kind's light path is bundled with the runtime (ListKind: compact lists drawn
 * plainly, the full ListPage loaded for the rest); forms and details load on first use (SchemaPage
 * renders page kinds inside Suspense, and renders a page once its kind's code is in).
 */
import { ListKind, prepareList } from './ListKind.js';
import { loadPageChunk } from './pageChunks.js';
import { registerLazyPageKind, registerPageKind } from './registry.js';

registerPageKind('list', ListKind, prepareList);
registerLazyPageKind('form', () => loadPageChunk('form').then((m) => m.FormPage));
registerLazyPageKind('detail', () => loadPageChunk('detail').then((m) => m.DetailPage));
registerLazyPageKind('article', () => loadPageChunk('article').then((m) => m.ArticlePage));
registerLazyPageKind('dashboard', () => loadPageChunk('dashboard').then((m) => m.DashboardPage));
registerLazyPageKind('allocation', () => loadPageChunk('allocation').then((m) => m.AllocationPage));
registerLazyPageKind('progress', () => loadPageChunk('progress').then((m) => m.ProgressPage));
registerLazyPageKind('ranking', () => loadPageChunk('ranking').then((m) => m.RankingPage));
registerLazyPageKind('statistics', () => loadPageChunk('statistics').then((m) => m.StatisticsPage));
registerLazyPageKind('lookup', () => loadPageChunk('lookup').then((m) => m.LookupPage));
registerLazyPageKind('studio', () => loadPageChunk('studio').then((m) => m.StudioPage));

export { getPageKind, pageKinds, preparePage, registerLazyPageKind, registerPageKind } from './registry.js';
