import type { ActionDef, EntityDef, PageDef, WorkflowDef } from '../../../shared/schema/types.js';
import { placeholderNames } from '../../../shared/schema/placeholders.js';
import { ROW_VAR, ruleRecordFields } from '../../../shared/rules/ruleRecordFields.js';

/**
 * The fields a list's rows carry: what the page reads (its columns, the placeholders of its links
 * and downloads, its actions' rules, which see the row as `record` and `form`), what the server's
 * rules test on each row (access, the public rule, the workflow's transitions and guards, which
 * decide `_perm`) and the title. Nothing else is read from the database nor sent: a topic row went
 * from 38 keys (most of them null, an ID card number among them) to 20, the system fields included. A list asked without a page (a picker, an
 * API client) gets every field.
 *
 * One array per page and entity, kept: the record store and the answer's shape key on it.
 */
export function listFields(
  entity: EntityDef,
  page: PageDef | undefined,
  wf: WorkflowDef | null,
  visible?: ReadonlySet<string>,
): readonly string[] {
  const memo = visible ? publicMemo : adminMemo;
  const key = page ?? entity;
  let byEntity = memo.get(key);
  if (!byEntity) memo.set(key, (byEntity = new WeakMap()));
  let out = byEntity.get(entity);
  if (!out) {
    const all = findListFields(entity, page, wf);
    byEntity.set(entity, (out = visible ? all.filter((f) => visible.has(f)) : all));
  }
  return out;
}

const adminMemo = new WeakMap<object, WeakMap<EntityDef, string[]>>();
// A visitor's fields depend only on the entity's public rule, so one array per page serves them all.
const publicMemo = new WeakMap<object, WeakMap<EntityDef, string[]>>();

function addAll(names: string[], out: Set<string>): void {
  for (const n of names) out.add(n);
}

function actionFields(actions: ActionDef[] | undefined, rowValues: boolean, out: Set<string>): void {
  for (const a of actions ?? []) {
    ruleRecordFields(a.visible, out, ROW_VAR);
    // Toolbar links fill their placeholders from the page's query, not from a row.
    if (a.type === 'link' && rowValues) addAll(placeholderNames(a.to), out);
    if (a.type === 'download') addAll(placeholderNames(a.url), out);
  }
}

function findListFields(entity: EntityDef, page: PageDef | undefined, wf: WorkflowDef | null): string[] {
  // A write-only field has no value to list.
  const stored = Object.keys(entity.fields).filter((f) => !entity.fields[f].writeOnly);
  if (page?.kind !== 'list') return stored;
  const want = new Set<string>();
  for (const c of page.columns) {
    want.add(c.field);
    if (c.to) addAll(placeholderNames(c.to), want);
  }
  actionFields(page.rowActions, true, want);
  actionFields(page.batchActions, true, want);
  actionFields(page.toolbar, false, want);
  if (entity.titleField) want.add(entity.titleField);
  // A listed masked field is whole to the person it names: the list reads who that is (fieldMasks).
  for (const f of [...want]) {
    const holder = entity.fields[f]?.unmaskFor?.holder;
    if (holder) want.add(holder);
  }
  for (const list of [entity.access.read, entity.access.update, entity.access.delete])
    for (const r of list) ruleRecordFields(r.when, want);
  ruleRecordFields(entity.access.public?.when, want);
  if (wf) {
    for (const t of wf.transitions) ruleRecordFields(t.when, want);
    for (const g of Object.values(wf.guards ?? {})) ruleRecordFields(g.rule, want);
  }
  return stored.filter((f) => want.has(f));
}

const withNeeds = new WeakMap<readonly string[], WeakMap<readonly string[], readonly string[]>>();

/**
 * A list's fields with those the entity's read hooks read to fill the others (Engine `readsFields`),
 * kept per pair so the store and the answer still key on one array per page.
 */
export function withReadNeeds(fields: readonly string[], needs: readonly string[]): readonly string[] {
  if (!needs.length || needs.every((f) => fields.includes(f))) return fields;
  let byNeeds = withNeeds.get(fields);
  if (!byNeeds) withNeeds.set(fields, (byNeeds = new WeakMap()));
  let out = byNeeds.get(needs);
  if (!out) byNeeds.set(needs, (out = [...fields, ...needs.filter((f) => !fields.includes(f))]));
  return out;
}
