/**
 * The generic page runtime. The shell lazy-loads this module and renders
 * <SchemaPage pageId mode query /> for every route that names a page schema.
 */
import { SchemaPage } from './SchemaPage.js';

export { SchemaPage };
export type { SchemaPageProps } from './SchemaPage.js';
export { RuntimeProvider, type RuntimeProviderProps } from './RuntimeContext.js';
export { createHttpDataProvider, type DataProvider } from './data/dataProvider.js';
export { registerPageKind } from './pages/registry.js';
// No `registerWidget` here: re-exporting widgets/registry.ts from this entry made the build give the
// runtime chunk a bare import of the Formily + widgets chunk, so every list (and home) loaded Formily.
// Widgets register in widgets/index.ts, which the form and filter paths import.
export default SchemaPage;
