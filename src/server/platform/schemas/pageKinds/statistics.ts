import type { StatisticsPageDef } from '../../../../shared/schema/types.js';
import { hasField } from '../entityModel.js';
import type { PageKindCheck } from './PageCheck.js';

/** A statistics page counts fields that exist: its entity's, or each chart's own entity's. */
export const check: PageKindCheck<StatisticsPageDef> = (file, page, c) => {
  const set = c.set;
  const out: { path: string; message: string }[] = [];
  const entity = set.entities.get(page.entity);
  if (!entity) return c.add(file, '/entity', `unknown entity "${page.entity}"`);
  (page.filters ?? []).forEach((f, i) => {
    for (const [k, field] of [
      ['field', f.field],
      ['labelField', f.labelField],
    ] as const) {
      if (field !== undefined && !hasField(entity, field))
        out.push({ path: `/filters/${i}/${k}`, message: `unknown field "${field}" of entity "${entity.name}"` });
    }
  });
  (page.charts ?? []).forEach((ch, i) => {
    const e = ch.entity ? set.entities.get(ch.entity) : entity;
    if (!e) out.push({ path: `/charts/${i}/entity`, message: `unknown entity "${ch.entity}"` });
    else if (!hasField(e, ch.field))
      out.push({ path: `/charts/${i}/field`, message: `unknown field "${ch.field}" of entity "${e.name}"` });
    if (e && ch.groupBy !== undefined && !e.fields[ch.groupBy])
      out.push({ path: `/charts/${i}/groupBy`, message: `unknown field "${ch.groupBy}" of entity "${e.name}"` });
    (ch.applyFilters ?? []).forEach((f, j) => {
      if (!e || !hasField(e, f) || !(page.filters ?? []).some((x) => x.field === f))
        out.push({
          path: `/charts/${i}/applyFilters/${j}`,
          message: `"${f}" must be a page filter and a field of the chart's entity`,
        });
    });
  });
  for (const p of out) c.add(file, p.path, p.message);
};
