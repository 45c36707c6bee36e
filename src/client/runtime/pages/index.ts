/**
 * The page kinds: one line per kind. Lists are what most visitors see first (the home page's public
 * lists), so the list kind's light path is bundled with the runtime (ListKind: compact lists drawn
 * plainly, the full ListPage loaded for the rest); forms and details load on first use (SchemaPage
 * renders page kinds inside Suspense).
 */
import { lazy } from 'react';
import { ListKind, prepareList } from './ListKind.js';
import { registerPageKind } from './registry.js';

registerPageKind('list', ListKind, prepareList);
registerPageKind('form', lazy(() => import('./FormPage.js').then((m) => ({ default: m.FormPage }))));
registerPageKind('detail', lazy(() => import('./DetailPage.js').then((m) => ({ default: m.DetailPage }))));
registerPageKind('article', lazy(() => import('./ArticlePage.js').then((m) => ({ default: m.ArticlePage }))));
registerPageKind('dashboard', lazy(() => import('./DashboardPage.js').then((m) => ({ default: m.DashboardPage }))));
registerPageKind('allocation', lazy(() => import('./AllocationPage.js').then((m) => ({ default: m.AllocationPage }))));
registerPageKind('progress', lazy(() => import('./ProgressPage.js').then((m) => ({ default: m.ProgressPage }))));
registerPageKind('statistics', lazy(() => import('./StatisticsPage.js').then((m) => ({ default: m.StatisticsPage }))));
registerPageKind('lookup', lazy(() => import('./LookupPage.js').then((m) => ({ default: m.LookupPage }))));

export { getPageKind, pageKinds, preparePage, registerPageKind } from './registry.js';
