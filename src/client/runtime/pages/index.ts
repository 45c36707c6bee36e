/** The page kinds: one import and one line per kind. */
import { DetailPage } from './DetailPage.js';
import { FormPage } from './FormPage.js';
import { ListPage } from './ListPage.js';
import { registerPageKind } from './registry.js';

registerPageKind('list', ListPage);
registerPageKind('form', FormPage);
registerPageKind('detail', DetailPage);

export { getPageKind, pageKinds, registerPageKind } from './registry.js';
