// The runtime's list page over the same 100 rows (the full list kind: table, pager, sorting).
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { SchemaPage } from '../../../src/client/runtime/SchemaPage.js';
import { FIXTURE_USER } from '../../../src/client/runtime/testing/fixtureDataProvider.js';
import { dataProvider, listPage, ROWS, whenVisible } from './fixtures.js';

whenVisible(() => document.querySelectorAll('.ant-table-row').length >= ROWS, (ms) => { window.__bench.visibleMs = ms; });
createRoot(document.getElementById('root')!).render(
  <MemoryRouter><SchemaPage pageId={listPage.id} query={{}} runtime={{ dataProvider, user: FIXTURE_USER }} /></MemoryRouter>,
);
