/**
 * A fixed, existing table an entity's records live in: each field's column, and the system fields
 * the table has (`id` always; a system field it lacks reads as its default: version 1, the rest null
 * or 0, and cannot be filtered or sorted on). No JSON `data` column: every field has a column, or
 * is a list of a child table's rows (`lists`).
 */
export interface EntityStorage {
  table: string;
  columns: Record<string, string>;
  /** The table's own order within a list's sort (menus: role, parent, order number), before the id. */
  then?: { field: string; order: 'asc' | 'desc' }[];
  system?: Partial<
    Record<
      'version' | 'status' | 'ownerId' | 'areaCode' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy',
      string
    >
  >;
  /** Fields whose value is the rows of a child table, in order (a json array of objects), by field name. */
  lists?: Record<string, ChildListStorage>;
  /**
   * A key/value table (settings): the entity has one record, id 1, and each column names
   * `<row key>.<property>`, a property of the JSON object in that row's value column.
   */
  keyValue?: { key: string; value: string };
}

/** A child table holding one list field's rows. */
export interface ChildListStorage {
  table: string;
  /** The child's column holding the parent's value of `field` (its id, or a natural key). */
  link: { column: string; field: string };
  /** Each row property's column. */
  columns: Record<string, string>;
  /** The column numbering the rows 0, 1, 2... in list order. */
  order: string;
  /** A read-only integer field answered as the number of rows. */
  count?: string;
}
