/**
 * The page kinds, registered from ./pageChunks.ts, where each kind is one line. Lists are what most
 * visitors see first (the home page's public lists), so the list kind's light path is bundled with
 * the runtime (ListKind: compact lists drawn plainly, the full ListPage loaded for the rest); every
 * other kind loads on first use (SchemaPage renders page kinds inside Suspense, and renders a page
 * once its kind's code is in).
 */
import { ListKind, prepareList } from './list/ListKind.js';
import { pageChunkKinds } from './pageChunks.js';
import { registerLazyPageKind, registerPageKind } from './registry.js';

for (const [kind, load] of pageChunkKinds()) {
  if (kind === 'list') registerPageKind('list', ListKind, prepareList);
  else registerLazyPageKind(kind, load);
}

export { getPageKind, pageKinds, preparePage, registerLazyPageKind, registerPageKind } from './registry.js';
