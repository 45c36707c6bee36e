/**
 * Generated from the page kind folders (page.schema.json, kind.json) by npm run schemas:generate. Do not
 * edit by hand.
 */

/**
 * How a page of a kind is opened. A kind whose pages name an entity: the entity's access decides. A kind
 * without one: visitors when `public` (or the page's own `"source": "public"`), otherwise signed-in
 * users, of `roles` alone when given; its bundle carries an empty entity named after the kind.
 */
export type PageKindTraits = { entity: true } | { entity: false; public: boolean; roles?: readonly string[] };

export const PAGE_KIND_TRAITS = {
  allocation: { entity: true },
  article: { entity: true },
  dashboard: { entity: false, public: false },
  detail: { entity: true },
  form: { entity: true },
  list: { entity: true },
  lookup: { entity: false, public: true },
  progress: { entity: true },
  ranking: { entity: true },
  statistics: { entity: true },
  studio: { entity: false, public: false, roles: ['1', '6'] },
} as const satisfies Record<string, PageKindTraits>;
