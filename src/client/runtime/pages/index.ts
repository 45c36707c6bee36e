/**
 * The page kinds: one line per kind. Lists are what most visitors see first (the home page's public
 * lists), so ListPage is bundled with the runtime; forms and details load on first use (SchemaPage
 * renders page kinds inside Suspense).
 */
import { lazy } from 'react';
import { ListPage } from './ListPage.js';
import { registerPageKind } from './registry.js';

registerPageKind('list', ListPage);
registerPageKind('form', lazy(() => import('./FormPage.js').then((m) => ({ default: m.FormPage }))));
registerPageKind('detail', lazy(() => import('./DetailPage.js').then((m) => ({ default: m.DetailPage }))));

export { getPageKind, pageKinds, registerPageKind } from './registry.js';
