/**
 * The common things of a page schema as groups of items, and the edits the studio's form-style
 * panel makes to them (label, required, width, widget, help; order; moving a field to another
 * section or step). Each edit answers a new document; the JSON stays the source.
 */
type Json = Record<string, unknown>;
export type GroupPath = (string | number)[];

export interface LayoutItem {
  field: string;
  label?: string;
  required?: boolean;
  span?: number;
  widget?: string;
  help?: string;
  width?: number;
}

export interface LayoutGroup {
  /** Where the group's array is in the document, e.g. ['steps', 0, 'sections', 1, 'fields']. */
  path: GroupPath;
  title: string;
  kind: 'fields' | 'columns' | 'filters';
  items: LayoutItem[];
}

const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

function item(raw: Json): LayoutItem {
  return {
    field: String(raw.field ?? ''),
    label: typeof raw.label === 'string' ? raw.label : undefined,
    required: raw.required === true,
    span: typeof raw.span === 'number' ? raw.span : undefined,
    widget: typeof raw.widget === 'string' ? raw.widget : undefined,
    help: typeof raw.help === 'string' ? raw.help : undefined,
    width: typeof raw.width === 'number' ? raw.width : undefined,
  };
}

/** The groups of a form page (sections, in steps or not) or a list page (filters, columns). */
export function layoutOf(doc: unknown): LayoutGroup[] {
  if (!doc || typeof doc !== 'object') return [];
  const page = doc as Json;
  const groups: LayoutGroup[] = [];
  const sections = (owner: Json, base: GroupPath, prefix: string) =>
    list(owner.sections).forEach((s, i) =>
      groups.push({
        path: [...base, 'sections', i, 'fields'],
        title: `${prefix}${String(s.title ?? `分组${i + 1}`)}`,
        kind: 'fields',
        items: list(s.fields).map(item),
      }),
    );
  if (page.kind === 'form') {
    sections(page, [], '');
    list(page.steps).forEach((step, i) => sections(step, ['steps', i], `${String(step.title ?? `步骤${i + 1}`)} › `));
  }
  if (page.kind === 'list') {
    if (Array.isArray(page.filters))
      groups.push({ path: ['filters'], title: '筛选条件', kind: 'filters', items: list(page.filters).map(item) });
    if (Array.isArray(page.columns))
      groups.push({ path: ['columns'], title: '列表列', kind: 'columns', items: list(page.columns).map(item) });
  }
  return groups;
}

function arrayAt(doc: Json, path: GroupPath): Json[] {
  let at: unknown = doc;
  for (const key of path) at = (at as Record<string | number, unknown>)[key];
  if (!Array.isArray(at)) throw new Error('not a group');
  return at as Json[];
}

/** The document with one item's common keys set (an empty value removes the key). */
export function updateItem(doc: unknown, path: GroupPath, index: number, patch: Partial<LayoutItem>): unknown {
  const copy = structuredClone(doc) as Json;
  const target = arrayAt(copy, path)[index];
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '' || value === false || value === null) delete target[key];
    else target[key] = value;
  }
  return copy;
}

/** The document with an item moved up (-1) or down (+1) in its group. */
export function moveItem(doc: unknown, path: GroupPath, index: number, delta: -1 | 1): unknown {
  const copy = structuredClone(doc) as Json;
  const items = arrayAt(copy, path);
  const to = index + delta;
  if (to < 0 || to >= items.length) return doc;
  [items[index], items[to]] = [items[to], items[index]];
  return copy;
}

/** The document with an item moved to the end of another group (another section or step). */
export function moveToGroup(doc: unknown, from: GroupPath, index: number, to: GroupPath): unknown {
  const copy = structuredClone(doc) as Json;
  const [moved] = arrayAt(copy, from).splice(index, 1);
  arrayAt(copy, to).push(moved);
  return copy;
}
