import type { EntityDef } from '../../../shared/schema/types.js';
import { sharedColumns } from './entityModel.js';
import { escapePointer } from './metaValidation.js';

/**
 * What the meta-schema cannot say of an entity kept in a fixed table (`storage`): every field has
 * a column (there is no JSON data to keep the others in), each column once, no column named for a
 * field the entity lacks, and a default sort on a field the table has (the engine's default,
 * createdAt, may be a column it lacks). Not virtual; driven by a workflow only with a status column.
 */
export function checkStorage(entity: EntityDef): { path: string; message: string }[] {
  const storage = entity.storage;
  if (!storage) return [];
  const out: { path: string; message: string }[] = [];
  const add = (path: string, message: string) => out.push({ path, message });
  if (entity.virtual) add('/virtual', 'an entity with a fixed storage is not virtual: the engine serves it');
  // A transition writes the status: the table must have a column for it.
  if (entity.workflow && !storage.system?.status && !storage.statuses)
    add(
      '/workflow',
      'a workflow on a fixed storage needs the status column (storage.system.status) or storage.statuses',
    );
  if (storage.system?.status && storage.statuses) add('/storage/statuses', 'the table has a status column already');
  // A list of child rows, or the count of them, and a field a module fills on reading have no column of their own.
  const listed = new Set(Object.entries(storage.lists ?? {}).flatMap(([f, l]) => (l.count ? [f, l.count] : [f])));
  for (const field of storage.filled ?? []) {
    listed.add(field);
    const def = entity.fields[field];
    if (!def?.readOnly || storage.columns[field])
      add(`/storage/filled`, `"${field}" must be a read-only field without a column`);
  }
  if (storage.statuses) listed.add('status');
  for (const [field, def] of Object.entries(entity.fields))
    if (def.writeOnly) {
      if (storage.columns[field])
        add(`/storage/columns/${escapePointer(field)}`, `write-only "${field}" is never stored`);
    } else if (!storage.columns[field] && !listed.has(field) && !storage.system?.[field as keyof typeof storage.system])
      add(`/fields/${escapePointer(field)}`, `field "${field}" has no column in storage.columns`);
  for (const [field, list] of Object.entries(storage.lists ?? {})) {
    const at = `/storage/lists/${escapePointer(field)}`;
    const def = entity.fields[field];
    if (list.value ? def?.type !== 'string' || !def.multiple : def?.type !== 'json')
      add(at, `"${field}" is no ${list.value ? 'string field with multiple' : 'json field'} of the entity`);
    if (storage.columns[field]) add(at, `"${field}" has a column as well`);
    if (!storage.columns[list.link.field] && list.link.field !== 'id')
      add(`${at}/link/field`, `the table has no column of "${list.link.field}"`);
    const count = list.count ? entity.fields[list.count] : undefined;
    if (list.count && (count?.type !== 'integer' || !count.readOnly || storage.columns[list.count]))
      add(`${at}/count`, `"${list.count}" must be a read-only integer field without a column`);
  }
  // A key/value record's columns are "<row key>.<property>"; a table's are its column names.
  const shape = storage.keyValue ? /^[A-Za-z][A-Za-z0-9_]*\.[A-Za-z][A-Za-z0-9_]*$/ : /^[a-z][a-z0-9_]*$/;
  for (const [field, column] of Object.entries(storage.columns))
    if (!shape.test(column))
      add(
        `/storage/columns/${escapePointer(field)}`,
        storage.keyValue ? 'a key/value column is "<row key>.<property>"' : `"${column}" is no column name`,
      );
  if (storage.keyValue && storage.lists) add('/storage/lists', 'a key/value record has no child lists');
  const seen = new Map<string, string>();
  // A field may name a system field's column (not the version's): both read it, the field's value is written.
  const shared = new Set(sharedColumns(entity).map(([system]) => system));
  for (const [field, column] of [...Object.entries(storage.columns), ...Object.entries(storage.system ?? {})]) {
    if (!entity.fields[field] && !(storage.system && field in storage.system))
      add(`/storage/columns/${escapePointer(field)}`, `"${field}" is no field of the entity`);
    const sharing = shared.has(field) && !storage.columns[field] && storage.columns[seen.get(column) ?? ''] === column;
    if (column === 'id' || (seen.has(column) && !sharing))
      add(
        `/storage/columns/${escapePointer(field)}`,
        `column "${column}" is taken (by ${seen.get(column) ?? 'the id'})`,
      );
    seen.set(column, field);
  }
  (storage.then ?? []).forEach((s, i) => {
    if (s.field !== 'id' && !storage.columns[s.field] && !storage.system?.[s.field as keyof typeof storage.system])
      add(`/storage/then/${i}/field`, `the table has no column of "${s.field}"`);
  });
  const sort = entity.sort?.field;
  if (!sort) add('/sort', 'an entity with a fixed storage needs a default sort (its table may lack createdAt)');
  else if (sort !== 'id' && !storage.columns[sort] && !storage.system?.[sort as keyof typeof storage.system])
    add('/sort/field', `the table has no column of "${sort}"`);
  return out;
}
