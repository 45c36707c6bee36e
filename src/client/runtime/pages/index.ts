/**
 * The page kinds: one line per kind. Lists are what most visitors see first (the home page's public
 * lists), so the list kind's light path is bundled with the runtime (ListKind: compact lists drawn
 * plainly, the full ListPage loaded for the rest); forms and details load on first use (SchemaPage
 * renders page kinds inside Suspense, and renders a page once its kind's code is in).
 */
import { ListKind, prepareList } from './ListKind.js';
import { registerLazyPageKind, registerPageKind } from './registry.js';

registerPageKind('list', ListKind, prepareList);
registerLazyPageKind('form', () => import('./FormPage.js').then((m) => m.FormPage));
registerLazyPageKind('detail', () => import('./DetailPage.js').then((m) => m.DetailPage));
registerLazyPageKind('article', () => import('./ArticlePage.js').then((m) => m.ArticlePage));
registerLazyPageKind('dashboard', () => import('./DashboardPage.js').then((m) => m.DashboardPage));
registerLazyPageKind('allocation', () => import('./AllocationPage.js').then((m) => m.AllocationPage));
registerLazyPageKind('progress', () => import('./ProgressPage.js').then((m) => m.ProgressPage));
registerLazyPageKind('statistics', () => import('./StatisticsPage.js').then((m) => m.StatisticsPage));
registerLazyPageKind('lookup', () => import('./LookupPage.js').then((m) => m.LookupPage));

export { getPageKind, pageKinds, preparePage, registerLazyPageKind, registerPageKind } from './registry.js';
