/**
 * A fixed, existing table an entity's records live in: each field's column, and the system fields
 * the table has (`id` always; a system field it lacks reads as its default: version 1, the rest null
 * or 0, and cannot be filtered or sorted on). No JSON `data` column: every field has a column.
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
}
