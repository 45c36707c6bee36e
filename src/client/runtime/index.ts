/**
 * The generic page runtime. The shell lazy-loads this module and renders
 * <SchemaPage pageId mode query /> for every route that names a page schema.
 */
import { SchemaPage } from './SchemaPage.js';

export { SchemaPage };
export type { SchemaPageProps } from './SchemaPage.js';
export { RuntimeProvider, type RuntimeProviderProps } from './RuntimeContext.js';
export { createHttpDataProvider, type DataProvider } from './data/dataProvider.js';
export { registerWidget } from './widgets/registry.js';
export { registerPageKind } from './pages/registry.js';
export default SchemaPage;
