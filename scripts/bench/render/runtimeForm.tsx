// The runtime's form page with the same 200 fields. Its code (the lazy form kind, Formily, the
// widgets) is loaded before the clock starts, as the antd page's is: this measures the mount.
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { SchemaPage } from '../../../src/client/runtime/SchemaPage.js';
import { FIXTURE_USER } from '../../../src/client/runtime/testing/fixtureDataProvider.js';
import { FORM_FIELDS, dataProvider, formPage, measureKeys, whenVisible } from './fixtures.js';

await Promise.all([
  import('../../../src/client/runtime/pages/form/FormPage.js'),
  import('../../../src/client/runtime/pages/useSchemaField.js'),
]);
measureKeys();
const start = performance.now();
whenVisible(
  () => document.querySelectorAll('.runtime-form input').length >= FORM_FIELDS,
  (ms) => {
    window.__bench.mountMs = ms - start;
  },
);
createRoot(document.getElementById('root')!).render(
  <MemoryRouter>
    <SchemaPage pageId={formPage.id} mode="add" query={{}} runtime={{ dataProvider, user: FIXTURE_USER }} />
  </MemoryRouter>,
);
