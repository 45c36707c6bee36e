import type { EntityDef, FieldDef, WorkflowDef } from '../../../shared/schema/types.js';
import { rowsOf } from '../../../shared/rowChecks.js';
import { fieldDef } from '../schemas/entityModel.js';
import type { DictionaryValues } from '../records/dictionaries.js';

/**
 * How an export writes a cell as users read it: the workflow status and dictionary values as their
 * labels, files by name, rich text as text, yes / no, and a json field's rows (members, phases)
 * row by row with each column's label and dictionary label, never raw JSON with codes. The record
 * comes with the reader's masks applied (fieldMasks.applyMasks).
 */
export async function exportCellWriter(
  entity: EntityDef,
  workflow: WorkflowDef | null,
  fields: string[],
  dicts: DictionaryValues,
) {
  const statusLabels = new Map((workflow?.statuses ?? []).map((s) => [s.code, s.label]));
  const labels = new Map<string, Map<string, string>>();
  const load = async (type: string | undefined) => {
    if (type && !labels.has(type)) labels.set(type, await dicts.labels(type));
  };
  for (const field of fields) {
    const def = fieldDef(entity, field);
    await load(def?.dict);
    for (const col of Object.values(def?.rows?.fields ?? {})) await load(col.dict);
  }
  const label = (type: string, v: unknown) => labels.get(type)?.get(String(v)) ?? String(v);

  const rowsText = (def: FieldDef, v: unknown): string => {
    const rows = rowsOf(v);
    if (!rows) return JSON.stringify(v);
    const keyedBy = def.rows!.keyedBy;
    return rows
      .map(
        ({ key: rowKey, row }, i) =>
          `${i + 1}. ${Object.entries(def.rows!.fields)
            .map(([key, col]) => {
              const x = key === keyedBy && rowKey !== null ? rowKey : row[key];
              if (x === null || x === undefined || x === '') return null;
              // Masked columns come masked already unless the reader may see them (fieldMasks).
              const text = col.dict ? label(col.dict, x) : String(x);
              return `${col.label}：${text}`;
            })
            .filter(Boolean)
            .join('，')}`,
      )
      .join('；');
  };

  return (rec: Record<string, unknown>, field: string): string => {
    const v = rec[field];
    const def = fieldDef(entity, field);
    if (v === null || v === undefined) return '';
    if (workflow && field === workflow.field) return statusLabels.get(String(v)) ?? String(v);
    if (def?.dict) return (Array.isArray(v) ? v : [v]).map((x) => label(def.dict!, x)).join('、');
    if (def?.type === 'files') return (v as { fileName?: string }[]).map((f) => f.fileName ?? '').join('、');
    if (def?.type === 'richtext')
      return String(v)
        .replace(/<[^>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    if (def?.type === 'boolean') return v ? '是' : '否';
    if (def?.rows) return rowsText(def, v);
    if (typeof v === 'object') return JSON.stringify(v);
    return String(v);
  };
}
