/**
 * Types of the documents under schemas/ that are generated from their meta-schemas into ./generated/
 * by `npm run schemas:generate`: the pages (each kind folder's page.schema.json, with the unions of
 * the kinds PageDef and EntityPageDef), entities and their fields, actions, routes, workflows,
 * dictionaries, menus, settings, sub-systems, change kinds and review targets, so their keys are
 * written once.
 * ./types.ts re-exports them: import from either.
 */
export type * from './generated/index.js';
