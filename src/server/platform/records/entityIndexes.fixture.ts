import type { EntityDef, ListPageDef, WorkflowDef } from '../../../shared/schema/types.js';

// The schemas entityIndexes.test.ts grows step by step, as an analyst would.
/** An entity as an analyst first writes it: no index asked for. */
export const v1: EntityDef = {
  name: 'indexProbe',
  label: '索引探针',
  fields: {
    name: { type: 'string', label: '名称' },
    year: { type: 'string', label: '年度' },
    subject: { type: 'string', label: '学科' },
    body: { type: 'richtext', label: '正文' },
  },
  access: {
    read: [{ roles: ['1'], scope: 'all', when: { '!=': [{ var: 'record.subject' }, 'x'] } }],
    create: [],
    update: [],
    delete: [],
  },
  sort: { field: 'createdAt', order: 'desc' },
};
/** Later the analyst marks year indexed and a list page filters by name (contains) and sorts by year. */
export const v2: EntityDef = { ...v1, fields: { ...v1.fields, year: { ...v1.fields.year, index: true } } };
export const page: ListPageDef = {
  kind: 'list',
  id: 'indexProbe.list',
  entity: 'indexProbe',
  title: '探针',
  filters: [{ field: 'name', op: 'like' }, { field: 'subject' }],
  columns: [{ field: 'name' }, { field: 'year', sortable: true }],
};
/** A second page lists by subject in its own order, newest year first. */
export const byYearPage: ListPageDef = {
  kind: 'list',
  id: 'indexProbe.byYear',
  entity: 'indexProbe',
  title: '按年度',
  sort: { field: 'year', order: 'desc' },
  filters: [{ field: 'subject' }],
  columns: [{ field: 'name' }],
};
/** Later still, city staff read it (their area only) and it gets a workflow on its status. */
export const flow: WorkflowDef = {
  name: 'probeFlow',
  field: 'status',
  initial: 'a',
  statuses: [
    { code: 'a', label: '甲' },
    { code: 'b', label: '乙' },
  ],
  transitions: [],
};
export const v3: EntityDef = {
  ...v2,
  workflow: 'probeFlow',
  access: { ...v2.access, read: [...v2.access.read, { roles: ['3'], scope: 'city' }] },
};
export const noPages = { pages: new Map(), workflows: new Map() };
export const withPage = {
  pages: new Map([
    [page.id, page],
    [byYearPage.id, byYearPage],
  ]),
  workflows: new Map(),
};
