/**
 * The count sources of settings.json ("counts": entity + rule), which dashboards and menus badge
 * figures name. checkSchemas reports what this finds with the settings file's name.
 */
import { lintRule } from '../../../shared/rules/evaluate.js';
import type { SchemaSet } from './SchemaSet.js';
import { hasField } from './entityModel.js';
import { TABLE_SOURCE_NAMES } from './tableSourceNames.js';

export interface KindProblem {
  path: string;
  message: string;
}

/**
 * Count sources: the rule is valid JsonLogic; when the entity exists, the fields it reads exist.
 * An entity not built yet is allowed (its figure reads 0 until its module lands).
 */
export function checkCountSources(set: SchemaSet): KindProblem[] {
  const out: KindProblem[] = [];
  const counts =
    (set.documents.get('settings') as { counts?: Record<string, { entity?: string; where?: unknown }> } | undefined)
      ?.counts ?? {};
  for (const [key, src] of Object.entries(counts)) {
    const entity = src.entity ? set.entities.get(src.entity) : undefined;
    if (src.entity !== undefined && !entity && !(TABLE_SOURCE_NAMES as readonly string[]).includes(src.entity)) {
      out.push({
        path: `/counts/${key}/entity`,
        message: `unknown entity "${src.entity}" (nor a module's table: ${TABLE_SOURCE_NAMES.join(', ')})`,
      });
    }
    if (src.where === undefined) continue;
    const ptr = `/counts/${key}/where`;
    for (const p of lintRule(src.where, ptr)) out.push({ path: p.path, message: p.message });
    if (!entity) continue;
    for (const [name, at] of recordVars(src.where, ptr)) {
      if (!hasField(entity, name))
        out.push({ path: at, message: `unknown field "${name}" of entity "${entity.name}"` });
    }
  }
  return out;
}

/** The record fields a rule reads (`{"var": "record.x"}`), with the pointer of each `var`. */
function recordVars(node: unknown, ptr: string): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((n, i) => recordVars(n, `${ptr}/${i}`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => {
    const at = `${ptr}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const m = k === 'var' && typeof v === 'string' ? /^record\.([a-zA-Z_]\w*)/.exec(v) : null;
    return m ? [[m[1], at] as [string, string]] : recordVars(v, at);
  });
}
