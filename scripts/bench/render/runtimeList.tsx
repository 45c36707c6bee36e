// The runtime's list page over the same 100 rows (the full list kind: table, pager, sorting),
// opened as the shell opens a list route: its page chunk starts loading with the page
// (SchemaPageHost, from the route tree's pageChunk), not once the schema has named its kind.
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { pageChunkOf } from '../../../src/shared/schema/pageChunk.js';
import { preloadPageChunk } from '../../../src/client/runtime/pages/pageChunks.js';
import { SchemaPage } from '../../../src/client/runtime/SchemaPage.js';
import { FIXTURE_USER } from '../../../src/client/runtime/testing/fixtureDataProvider.js';
import { dataProvider, listPage, ROWS, whenVisible } from './fixtures.js';

preloadPageChunk(pageChunkOf(listPage));
whenVisible(
  () => document.querySelectorAll('.ant-table-row').length >= ROWS,
  (ms) => {
    window.__bench.visibleMs = ms;
  },
);
createRoot(document.getElementById('root')!).render(
  <MemoryRouter>
    <SchemaPage pageId={listPage.id} query={{}} runtime={{ dataProvider, user: FIXTURE_USER }} />
  </MemoryRouter>,
);
