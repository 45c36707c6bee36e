import type { ListPageDef } from '../../../../shared/schema/types.js';
import { statusCodes } from '../entityModel.js';
import { pageEntity, type PageKindCheck } from './PageCheck.js';

/** A list: its fixed filter's fields and status codes, filters, columns, sort, links and actions. */
export const check: PageKindCheck<ListPageDef> = (f, p, c) => {
  const bound = pageEntity(f, p, c);
  if (!bound) return;
  const { entity: e, publicFields: pub } = bound;
  const wf = c.workflowOf(e);
  for (const [k, v] of Object.entries(p.where ?? {})) {
    c.checkField(f, `/where/${k}`, e, k, pub);
    if (wf && k === wf.field) {
      const codes = statusCodes(wf);
      const values = Array.isArray(v)
        ? v.map((x, i) => [x, `/where/${k}/${i}`] as const)
        : [[v, `/where/${k}`] as const];
      for (const [x, ptr] of values)
        if (!codes.has(String(x))) c.add(f, ptr, `unknown status code "${x}" of workflow "${wf.name}"`);
    }
  }
  (p.filters ?? []).forEach((flt, i) => {
    c.checkField(f, `/filters/${i}/field`, e, flt.field, pub);
    c.checkWidget(f, `/filters/${i}/widget`, flt.widget);
  });
  (Array.isArray(p.columns) ? p.columns : []).forEach((col, i) => {
    c.checkField(f, `/columns/${i}/field`, e, col.field, pub);
    if (col.render === 'link' && !col.to) c.add(f, `/columns/${i}/to`, 'a link column needs "to"');
    if (col.to) c.checkRoute(f, `/columns/${i}/to`, col.to);
  });
  if (p.sort) c.checkField(f, '/sort/field', e, p.sort.field, pub);
  if (p.more) c.checkRoute(f, '/more', p.more);
  c.checkActions(f, '/toolbar', p.toolbar, e);
  c.checkActions(f, '/rowActions', p.rowActions, e);
  c.checkActions(f, '/batchActions', p.batchActions, e);
  if (pub) {
    for (const key of ['toolbar', 'rowActions', 'batchActions'] as const) {
      (p[key] ?? []).forEach((a, i) => {
        if (a.type !== 'link') c.add(f, `/${key}/${i}`, 'a public list offers links only');
      });
    }
  }
};
