/**
 * Generated from the page kind folders by npm run schemas:generate. Do not edit by hand.
 *
 * The server's check of each page kind: ./<kind>.ts, or, for a kind without one, its meta-schema
 * alone (its keys name nothing elsewhere). Each check is what the kind's keys name
 * elsewhere (fields, routes, rules, counts); its meta-schema has checked the keys themselves before.
 */
import type { PageKind } from '../../../../shared/schema/pageKindNames.js';
import type { PageDef } from '../../../../shared/schema/types.js';
import type { PageKindCheck } from './PageCheck.js';
import { check as allocation } from './allocation.js';
import { check as article } from './article.js';
import { check as dashboard } from './dashboard.js';
import { check as detail } from './detail.js';
import { check as form } from './form.js';
import { check as list } from './list.js';
import { check as progress } from './progress.js';
import { check as ranking } from './ranking.js';
import { check as statistics } from './statistics.js';

/** Kinds whose keys name nothing elsewhere: the meta-schema is their whole check. */
const metaOnly: PageKindCheck = () => undefined;

export const PAGE_KIND_CHECKS: { [K in PageKind]: PageKindCheck<Extract<PageDef, { kind: K }>> } = {
  allocation,
  article,
  dashboard,
  detail,
  form,
  list,
  lookup: metaOnly,
  progress,
  ranking,
  statistics,
  studio: metaOnly,
};

export type { PageCheck, PageKindCheck } from './PageCheck.js';
