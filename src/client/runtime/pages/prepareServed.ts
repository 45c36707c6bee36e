/**
 * The browser's preparing of the page the server drew (main.tsx, before hydrating it): through the
 * app's own data provider, which hands out the answers written into the page instead of asking.
 */
import { defaultDataProvider, dictionaryStoreFor } from '../RuntimeContext.js';
import { preparePages } from './preparedPages.js';
import type { PageToDraw, PreparedPages } from './preparedPagesContext.js';

export function prepareServed(page: PageToDraw): Promise<PreparedPages> {
  const provider = defaultDataProvider();
  return preparePages(provider, dictionaryStoreFor(provider, false), page);
}
