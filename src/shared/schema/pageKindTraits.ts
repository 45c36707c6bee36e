/**
 * What a page's kind says of how it is opened (generated from the kind folders' page.schema.json and
 * kind.json): the server's /schema/page and the test data provider read it, so neither names a kind.
 */
import { PAGE_KIND_TRAITS, type PageKindTraits } from './generated/pageKindTraits.js';
import type { EntityPageDef, PageDef } from './types.js';

export { PAGE_KIND_TRAITS, type PageKindTraits };

/** Whether the page's kind binds it to an entity (whose access then decides who opens it). */
export function namesEntity(page: PageDef): page is EntityPageDef {
  return PAGE_KIND_TRAITS[page.kind].entity;
}

/** Who opens a page of a kind without an entity: visitors too when public, else signed-in users of `roles`. */
export function entityLessAccess(page: Exclude<PageDef, EntityPageDef>): {
  public: boolean;
  roles?: readonly string[];
} {
  const traits: PageKindTraits = PAGE_KIND_TRAITS[page.kind];
  return traits.entity ? { public: false } : traits;
}
