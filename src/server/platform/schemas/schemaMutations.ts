import { escapePointer } from './metaValidation.js';
import type { SchemaSet } from './SchemaSet.js';

/**
 * Plausible mistakes an analyst makes, generated from a real schema set: a name misspelt where it
 * is used (field, dictionary, status, page, route, role, widget, entity, transition, also inside
 * link templates and rules), and constraints broken (a pattern that does not compile, min above
 * max, a required field hidden for good). Each names the file and JSON pointer the checker must
 * report; checkSchemas.mutations.test.ts requires every one to be caught.
 */
export interface SchemaMutation {
  /** What kind of mistake, for the test's report. */
  kind: string;
  /** The schema's key in set.files ("entities/topic", "pages/topics/topic.list", "routes", "reviewTargets"). */
  key: string;
  /** JSON pointer of the changed value; the checker must report it or a place under it. */
  pointer: string;
  /** Makes the mistake in a copy of the set. */
  apply(set: SchemaSet): void;
}

type Json = unknown;
type Visit = (value: Json, pointer: string, key: string, parent: Record<string, Json> | Json[]) => void;

function walk(
  value: Json,
  pointer: string,
  key: string,
  parent: Record<string, Json> | Json[] | undefined,
  visit: Visit,
): void {
  if (parent) visit(value, pointer, key, parent);
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${pointer}/${i}`, key, value, visit));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value))
      walk(v, `${pointer}/${escapePointer(k)}`, k, value as Record<string, Json>, visit);
  }
}

/** The document of a key in a set (the maps hold the parsed files). */
export function docOf(set: SchemaSet, key: string): Json {
  if (key === 'routes') return { routes: set.routes };
  const [kind, ...rest] = key.split('/');
  const name = rest.join('/');
  const map = (
    {
      entities: set.entities,
      pages: set.pages,
      workflows: set.workflows,
      dictionaries: set.dictionaries,
      menus: set.menus,
    } as Record<string, Map<string, unknown>>
  )[kind];
  return map ? map.get(name) : set.documents.get(key);
}

function at(doc: Json, pointer: string): { parent: any; last: string } {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: any = doc;
  for (const p of parts.slice(0, -1)) node = node[p];
  return { parent: node, last: parts[parts.length - 1] };
}

/** A change to one value of one document, by pointer. */
function setter(key: string, pointer: string, to: (old: any) => any) {
  return (set: SchemaSet) => {
    const { parent, last } = at(docOf(set, key), pointer);
    parent[last] = to(parent[last]);
  };
}

const misspell = (s: string) => `${s}x`;

/** Keys whose string values name something defined elsewhere, by what they name. */
const REFERENCES: Record<string, string> = {
  dict: 'dictionary',
  widget: 'widget',
  page: 'page',
  entity: 'entity',
  workflow: 'workflow',
  targetEntity: 'entity',
  titleField: 'field',
  labelField: 'field',
  nameField: 'field',
  area: 'field',
  summary: 'field',
  body: 'field',
  date: 'field',
  requires: 'field',
  shownFields: 'field',
  afterSave: 'route',
  more: 'route',
  activeMenu: 'route',
  initial: 'status',
  targetStatuses: 'status',
};

/**
 * The mutations of a set: for each kind, the first `perKind` places found in file order, so the
 * list is deterministic and spread over the files.
 */
export function schemaMutations(set: SchemaSet, perKind = 12): SchemaMutation[] {
  const out: SchemaMutation[] = [];
  const count = new Map<string, number>();
  // At most perKind of a kind in each folder (entities, pages, workflows, ...), so every folder where
  // the kind occurs is tried.
  const push = (m: SchemaMutation) => {
    const slot = `${m.kind} in ${m.key.split('/')[0]}`;
    const n = count.get(slot) ?? 0;
    if (n >= perKind) return;
    count.set(slot, n + 1);
    out.push(m);
  };
  const keys = [...set.files.keys()].sort();
  for (const key of keys) {
    const doc = docOf(set, key);
    if (!doc) continue;
    const [kind] = key.split('/');
    walk(doc, '', '', undefined, (value, pointer, k, parent) => {
      if (typeof value === 'string') {
        const what = REFERENCES[k];
        if (what) push({ kind: `renamed ${what}`, key, pointer, apply: setter(key, pointer, misspell) });
        if (k === 'field' && kind === 'pages')
          push({ kind: 'renamed field', key, pointer, apply: setter(key, pointer, misspell) });
        if (k === 'roles') push({ kind: 'renamed role', key, pointer, apply: setter(key, pointer, () => '9') });
        if (k === 'var' && /^(record|form)\.[A-Za-z]/.test(value))
          push({ kind: 'renamed field in a rule', key, pointer, apply: setter(key, pointer, (v: string) => `${v}x`) });
        if (k === 'to' && value.startsWith('/') && !value.includes(':'))
          push({
            kind: 'renamed route',
            key,
            pointer,
            apply: setter(key, pointer, (v: string) => `${v.replace(/\?.*$/, '')}x`),
          });
        const placeholder = /:([A-Za-z]\w*)/.exec(value);
        if ((k === 'to' || k === 'url') && placeholder) {
          push({
            kind: 'renamed field in a link template',
            key,
            pointer,
            apply: setter(key, pointer, (v: string) => v.replace(`:${placeholder[1]}`, `:${placeholder[1]}x`)),
          });
        }
        // Where a transition is used (its definition, workflows' transitions[].action, is renamed with its uses).
        if (
          k === 'action' &&
          kind === 'pages' &&
          !Array.isArray(parent) &&
          !('type' in parent && parent.type === 'link')
        ) {
          push({ kind: 'renamed transition', key, pointer, apply: setter(key, pointer, misspell) });
        }
        if ((k === 'from' || k === 'to') && kind === 'workflows' && /^\/transitions\//.test(pointer))
          push({ kind: 'renamed status', key, pointer, apply: setter(key, pointer, misspell) });
        if (k === 'pattern')
          push({ kind: 'broken pattern', key, pointer, apply: setter(key, pointer, (v: string) => `${v}(`) });
      }
      // Numbers of entity fields (a widget's own props are the widget's business).
      if (typeof value === 'number' && !Array.isArray(parent) && kind === 'entities') {
        const lo = (name: string) => pointer.replace(/[^/]+$/, name);
        if (k === 'maxLength')
          push({
            kind: 'minLength above maxLength',
            key,
            pointer: lo('minLength'),
            apply: setter(key, lo('minLength'), () => (value as number) + 1),
          });
        if (k === 'maximum')
          push({
            kind: 'minimum above maximum',
            key,
            pointer: lo('minimum'),
            apply: setter(key, lo('minimum'), () => (value as number) + 1),
          });
        if (k === 'maxLength') push({ kind: 'negative number', key, pointer, apply: setter(key, pointer, () => -1) });
      }
      // A form's field made required and never shown.
      if (
        kind === 'pages' &&
        /\/sections\/\d+\/fields\/\d+$/.test(pointer) &&
        value &&
        typeof value === 'object' &&
        typeof (value as { field?: unknown }).field === 'string'
      ) {
        push({
          kind: 'required and always hidden',
          key,
          pointer,
          apply: setter(key, pointer, (old: any) => ({ ...old, required: true, visible: false })),
        });
      }
      if (
        value &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.keys(value).length === 1 &&
        ['==', '!=', 'in', 'and', 'or'].includes(Object.keys(value)[0]) &&
        k === 'when'
      ) {
        push({
          kind: 'broken rule',
          key,
          pointer,
          apply: setter(key, pointer, (old: any) => ({ [`${Object.keys(old)[0]}=`]: Object.values(old)[0] })),
        });
      }
    });
  }
  return out;
}
