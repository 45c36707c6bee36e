import type { EntityDef, FieldDef, WorkflowDef } from '../../../shared/schema/types.js';
import { SYSTEM_FIELDS } from '../../../shared/schema/types.js';

/** Field names a schema may name on an entity: its declared fields plus the system fields. */
export function hasField(entity: EntityDef, name: string): boolean {
  return (
    Object.prototype.hasOwnProperty.call(entity.fields, name) || (SYSTEM_FIELDS as readonly string[]).includes(name)
  );
}

/**
 * For rule compilation: false for an unknown name, 'list' for a field holding a list (json or
 * multiple; a rule may ask whether it contains a value), true for any other field.
 */
export function fieldKind(entity: EntityDef): (name: string) => boolean | 'list' {
  return (name) => {
    if (!hasField(entity, name)) return false;
    const def = fieldDef(entity, name);
    return def && (def.type === 'json' || def.multiple) ? 'list' : true;
  };
}

/** The definition of a field, with defaults for system fields an entity does not declare. */
export function fieldDef(entity: EntityDef, name: string): FieldDef | undefined {
  if (Object.prototype.hasOwnProperty.call(entity.fields, name)) return entity.fields[name];
  return Object.hasOwn(SYSTEM_FIELD_DEFS, name) ? SYSTEM_FIELD_DEFS[name] : undefined;
}

export const SYSTEM_FIELD_DEFS: Record<string, FieldDef> = {
  id: { type: 'integer', label: 'ID', readOnly: true },
  version: { type: 'integer', label: '版本', readOnly: true },
  status: { type: 'string', label: '状态', readOnly: true },
  ownerId: { type: 'integer', label: '创建人', readOnly: true },
  areaCode: { type: 'string', label: '所属地区', readOnly: true },
  createdAt: { type: 'datetime', label: '创建时间', readOnly: true },
  updatedAt: { type: 'datetime', label: '更新时间', readOnly: true },
  createdBy: { type: 'integer', label: '创建人', readOnly: true },
  updatedBy: { type: 'integer', label: '修改人', readOnly: true },
};

/** Names a field may not take: they are columns of every entity table. */
export const RESERVED_FIELD_NAMES = ['data', 'entity', '_perm'];

export function statusCodes(workflow: WorkflowDef): Set<string> {
  return new Set(workflow.statuses.map((s) => s.code));
}

/** Keys of the user a rule may read (context.user). */
export const RULE_USER_KEYS = ['userId', 'username', 'realName', 'roleCode', 'roles', 'areaCode', 'orgName', 'isAdmin'];

/**
 * The system fields of a fixed table whose column a field names as well (a form's area and the
 * row scope's areaCode kept in one column), as [system field, field]: the field's value is written.
 */
export function sharedColumns(entity: EntityDef): [string, string][] {
  const system = entity.storage?.system;
  if (!system) return [];
  const out: [string, string][] = [];
  for (const [field, column] of Object.entries(entity.storage!.columns))
    for (const [sys, col] of Object.entries(system)) if (col === column && sys !== 'version') out.push([sys, field]);
  return out;
}
