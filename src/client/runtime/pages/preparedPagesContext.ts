/**
 * Pages ready before their first render: everything a page's first render reads (its schema, its
 * kind's code, its dictionaries, a list's first page, the record its address names) asked for
 * first (preparedPages.ts). The server draws a public page from them (ssr/serverFrame.tsx: it runs
 * no effects), and the browser prepares the same page from the answers written into it before
 * hydrating the server's markup: the page loader then renders the page at once (SchemaPage), as the
 * server did. Kept apart from the preparing, which the shell's first load does not carry.
 */
import { createContext, useContext } from 'react';
import type { PageBundle, ResourceRecord } from '../../../shared/schema/types.js';
import type { DataProvider } from '../data/dataProvider.js';
import type { Query } from './types.js';

/** A route's page: which schema, in which mode, at which query. */
export interface PageToDraw {
  pageId: string;
  mode?: 'add' | 'edit' | 'look';
  query: Query;
  /** The record the address names is known not to be there (the server asked): not asked for again. */
  missing?: boolean;
}

/** A page ready to draw: its bundle and everything its first render reads. */
export interface PreparedPage {
  bundle: PageBundle;
  record?: ResourceRecord | null;
  /** The record the address names was asked for and is not there: the page's own 'not found'. */
  missing?: boolean;
}

/** The prepared pages by id, and the provider they were asked through (the pages read through it). */
export interface PreparedPages {
  provider: DataProvider;
  pages: Map<string, PreparedPage>;
}

const PreparedPagesContext = createContext<PreparedPages | null>(null);
export const PreparedPagesProvider = PreparedPagesContext.Provider;

/** The pages prepared for this drawing; null when pages load as they mount. */
export function usePreparedPages(): PreparedPages | null {
  return useContext(PreparedPagesContext);
}
