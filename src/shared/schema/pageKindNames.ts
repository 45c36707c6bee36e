/**
 * The page kinds a schema may declare in `kind`: one per page kind folder (src/client/runtime/pages/<kind>/,
 * src/client/modules/<m>/pages/<kind>/, each with its page.schema.json), listed by npm run
 * schemas:generate (./generated/pageKinds.ts). The server's checks, the generated types and the
 * runtime's kind registry are held to this list (src/client/runtime/pages/kinds.test.ts).
 */
import { PAGE_KIND_META } from './generated/pageKinds.js';

export { PAGE_KIND_META };

export type PageKind = keyof typeof PAGE_KIND_META;

export const PAGE_KINDS = Object.keys(PAGE_KIND_META) as PageKind[];
