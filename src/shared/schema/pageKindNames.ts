/**
 * The page kinds a schema may declare in `kind`, each with its meta-schema under schemas/meta/: the
 * one list the server's check, the type generator (npm run schemas:types) and the runtime's kind
 * registry are held to (src/client/runtime/pages/kinds.test.ts). A new kind is one line here.
 */
export const PAGE_KIND_META = {
  list: 'list-page.schema.json',
  form: 'form-page.schema.json',
  detail: 'detail-page.schema.json',
  dashboard: 'dashboard-page.schema.json',
  article: 'article-page.schema.json',
  allocation: 'allocation-page.schema.json',
  progress: 'progress-page.schema.json',
  ranking: 'ranking-page.schema.json',
  statistics: 'statistics-page.schema.json',
  lookup: 'lookup-page.schema.json',
  studio: 'studio-page.schema.json',
} as const;

export type PageKind = keyof typeof PAGE_KIND_META;

export const PAGE_KINDS = Object.keys(PAGE_KIND_META) as PageKind[];
