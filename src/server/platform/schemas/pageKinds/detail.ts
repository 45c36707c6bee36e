import type { DetailPageDef, ListPageDef } from '../../../../shared/schema/types.js';
import { PAGE_RULE_ROOTS as roots, pageEntity, type PageKindCheck } from './PageCheck.js';

/** A detail page: each tab's page exists and is of the tab's kind, list tab parameters, rules, actions. */
export const check: PageKindCheck<DetailPageDef> = (f, p, c) => {
  const bound = pageEntity(f, p, c);
  if (!bound) return;
  const { entity: e } = bound;
  const { set } = c;
  (Array.isArray(p.tabs) ? p.tabs : []).forEach((t, i) => {
    if (t.type === 'form' || t.type === 'list') {
      if (!t.page) c.add(f, `/tabs/${i}/page`, `a ${t.type} tab needs "page"`);
      else if (!set.pages.has(t.page)) c.add(f, `/tabs/${i}/page`, `unknown page "${t.page}"`);
      else if (set.pages.get(t.page)!.kind !== t.type)
        c.add(f, `/tabs/${i}/page`, `page "${t.page}" is not a ${t.type} page`);
      else if (t.type === 'list') {
        const listEntity = set.entities.get((set.pages.get(t.page) as ListPageDef).entity);
        if (listEntity)
          for (const k of Object.keys(t.params ?? {})) c.checkField(f, `/tabs/${i}/params/${k}`, listEntity, k);
      }
    }
    if (t.visible !== undefined) c.checkRule(f, `/tabs/${i}/visible`, t.visible, e, roots);
  });
  c.checkActions(f, '/actions', p.actions, e);
};
