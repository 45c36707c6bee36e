/**
 * What the render bench draws, the same for the runtime and for the hand-written antd pages: a
 * topic list of six columns (100 rows) and a form of 200 text fields, with the rows the runtime's
 * fixture provider derives from the entity.
 */
import type { EntityDef, FieldDef, FormPageDef, ListPageDef } from '../../../src/shared/schema/types.js';
import { createFixtureDataProvider } from '../../../src/client/runtime/testing/fixtureDataProvider.js';

export const ROWS = 100;
export const FORM_FIELDS = 200;

export const fieldNames = Array.from({ length: FORM_FIELDS }, (_, i) => `f${String(i + 1).padStart(3, '0')}`);

const formFields: Record<string, FieldDef> = Object.fromEntries(
  fieldNames.map((f, i) => [f, { type: 'string', label: `字段${i + 1}`, maxLength: 100 }]),
);

export const COLUMNS = [
  { field: 'title', label: '课题名称' },
  { field: 'code', label: '课题编号', width: 140 },
  { field: 'leader', label: '负责人', width: 100 },
  { field: 'unit', label: '所在单位', width: 200 },
  { field: 'subject', label: '学科', width: 100 },
  { field: 'endDate', label: '结题时间', width: 120 },
];

export const entity: EntityDef = {
  name: 'benchTopic',
  label: '课题',
  titleField: 'title',
  fields: {
    ...Object.fromEntries(
      COLUMNS.map((c) => [c.field, { type: c.field === 'endDate' ? 'date' : 'string', label: c.label } as FieldDef]),
    ),
    ...formFields,
  },
  access: {
    read: [{ roles: ['2'], scope: 'all' }],
    create: [{ roles: ['2'], scope: 'all' }],
    update: [{ roles: ['2'], scope: 'all' }],
    delete: [],
  },
};

export const listPage: ListPageDef = {
  kind: 'list',
  id: 'bench/list',
  entity: entity.name,
  title: '课题列表',
  pageSize: ROWS,
  columns: COLUMNS.map((c) => ({
    field: c.field,
    ...(c.width ? { width: c.width } : {}),
    ...(c.field === 'title' ? { ellipsis: true } : {}),
  })),
};

export const formPage: FormPageDef = {
  kind: 'form',
  id: 'bench/form',
  entity: entity.name,
  title: '200 项表单',
  sections: [{ title: '基本信息', fields: fieldNames.map((field) => ({ field })) }],
};

export const dataProvider = createFixtureDataProvider(
  { pages: [listPage, formPage], entities: [entity], workflows: [], dictionaries: [] },
  { rows: ROWS },
);

/** What each bench page reports to the bench (read by scripts/bench/render.ts). */
export interface BenchMarks {
  visibleMs?: number;
  mountMs?: number;
  keys?: number[];
}
declare global {
  interface Window {
    __bench: BenchMarks;
  }
}
window.__bench = {};

/** Calls `done` with the time of the first frame in which `ready()` holds. */
export function whenVisible(ready: () => boolean, done: (ms: number) => void): void {
  const tick = () => (ready() ? done(performance.now()) : requestAnimationFrame(tick));
  requestAnimationFrame(tick);
}

/** Per keystroke in `input`, the time from the key to the frame after React has drawn it. */
export function measureKeys(): void {
  window.__bench.keys = [];
  document.addEventListener(
    'keydown',
    (e) => {
      const t0 = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => window.__bench.keys!.push(performance.now() - t0), 0));
    },
    true,
  );
}
