/**
 * What the server's drawing of a public page reads, asked before it is drawn: renderToString runs
 * no effects, so the route's page, as the runtime's page loader draws it, must find everything its
 * first render reads already there (runtime/pages/preparedPages.ts). The browser prepares the same
 * page from the answers written into the HTML before hydrating it (main.tsx). Part of the server's
 * build (dist-ssr/), never loaded by the browser.
 */
import { dictionaryStoreFor } from '../runtime/RuntimeContext.js';
import { preparePages } from '../runtime/pages/preparedPages.js';
import type { PageToDraw, PreparedPages } from '../runtime/pages/preparedPagesContext.js';
import { askingProvider, type AskServer } from './askingProvider.js';
// The form widgets, registered now (in the app they come with the form and filter chunks).
import '../runtime/widgets/index.js';

export type { PageToDraw };

/** A page prepared for the server's drawing, and where its form grids write their layout while it is drawn. */
export interface PageDrawing {
  prepared: PreparedPages;
  gridRules: Set<string>;
}

/** The route's page prepared as the runtime draws it for a visitor; null when its schema is not there. */
export async function prepareDrawing(ask: AskServer, page: PageToDraw): Promise<PageDrawing | null> {
  const { provider, settled } = askingProvider(ask);
  const prepared = await preparePages(provider, dictionaryStoreFor(provider, false), page);
  await settled();
  return prepared.pages.has(page.pageId) ? { prepared, gridRules: new Set() } : null;
}

/** The layout the form grids of a drawn page wrote, as a <style> for the page's head. */
export function gridStyles(drawing: PageDrawing | null): string {
  return drawing?.gridRules.size ? `<style>${[...drawing.gridRules].join('')}</style>` : '';
}
