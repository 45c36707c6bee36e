import { sql } from 'kysely';
import type { AppContext } from '../../platform/AppContext.js';
import type { EntityDef, FieldDef, WorkflowDef } from '../../../shared/schema/types.js';
import { storageOf, tableName } from '../../platform/records/entityPlan.js';
import { fieldExpr } from '../../platform/records/fieldStorage.js';
import { checkBoolean, checkDate, checkNumber, checkString } from '../../platform/records/fieldValues.js';
import { DictionaryValues } from '../../platform/records/dictionaries.js';
import type { Orphan } from '../../../shared/contracts/studio.js';
import { sentence, statusCounts, textOf, type Counted } from './dryRunCounts.js';

/**
 * The dry run of a kept field whose constraints change (a raised minimum, a lowered maximum, a
 * longer minLength, a new or changed pattern, another dictionary or fewer options, another type):
 * each stored value is judged by the save's own checks under the old and the new definition, and a
 * record counts when the new refuses what the old let be. Patterns are JavaScript expressions no
 * database runs alike, so the values are read (status and text only) and judged here.
 */

/** The keys whose change may refuse a stored value; maxLength and required have their own counts. */
const JUDGED = ['type', 'minimum', 'maximum', 'minLength', 'pattern', 'dict', 'multiple'] as const;

const KEY_WORDS: Record<(typeof JUDGED)[number], string> = {
  type: '类型',
  minimum: '最小值',
  maximum: '最大值',
  minLength: '最少字数',
  pattern: '格式',
  dict: '字典',
  multiple: '多选',
};

/** The stored text as the value a save would have sent (a list or a number kept as JSON). */
function valueOf(def: FieldDef, text: string): unknown {
  if (!def.multiple && def.type !== 'json' && def.type !== 'files') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Why the definition refuses this stored value, or null when it takes it. */
function refusal(def: FieldDef, text: string, options: Set<string> | null): string | null {
  const value = valueOf(def, text);
  if (def.multiple) {
    if (!Array.isArray(value)) return `${def.label}格式不正确`;
    return options && value.some((v) => !options.has(String(v))) ? `${def.label}的取值不在字典范围内` : null;
  }
  let error: string | undefined;
  switch (def.type) {
    case 'string':
    case 'text':
    case 'richtext':
      // maxLength is counted on its own (tooLong): judged here it would be counted twice.
      error = checkString({ ...def, maxLength: undefined }, value).error;
      break;
    case 'integer':
    case 'number':
      error = checkNumber(def, value).error;
      break;
    case 'boolean':
      error = checkBoolean(def, value).error;
      break;
    case 'date':
    case 'datetime':
      error = checkDate(def, value).error;
      break;
    case 'files':
      error = Array.isArray(value) ? undefined : `${def.label}格式不正确`;
      break;
    default:
      error = undefined;
  }
  if (error) return error;
  return options && !options.has(String(value)) ? `${def.label}的取值不在字典范围内` : null;
}

async function optionsOf(dicts: DictionaryValues, def: FieldDef): Promise<Set<string> | null> {
  if (!def.dict || def.type === 'files') return null;
  return new Set((await dicts.options(def.dict)).map((o) => String(o.value)));
}

/** What changed, in the analyst's words: 最小值 0 → 5、格式. */
function changeWords(old: FieldDef, def: FieldDef): string {
  const words: string[] = [];
  for (const key of JUDGED) {
    if (JSON.stringify(old[key]) === JSON.stringify(def[key])) continue;
    const shown = key === 'minimum' || key === 'maximum' || key === 'minLength' || key === 'type' || key === 'dict';
    words.push(shown ? `${KEY_WORDS[key]} ${old[key] ?? '无'} → ${def[key] ?? '无'}` : KEY_WORDS[key]);
  }
  return words.join('、');
}

/** The stored values of one field with their status, empty ones left out (required has its own count). */
async function storedValues(ctx: AppContext, entity: EntityDef, name: string) {
  const text = await textOf(ctx, entity, name);
  if (!text) return [];
  const s = storageOf(entity, 'status');
  const status = s ? fieldExpr(ctx.database.dialect, s) : sql`null`;
  const rows = await sql<{
    status: unknown;
    value: string | null;
  }>`select ${status} as status, ${text} as value from ${sql.table(
    tableName(entity),
  )} where ${text} is not null and ${text} <> ''`.execute(ctx.database.db);
  return rows.rows;
}

/** Kept fields whose stored values the changed constraints refuse, per field and status. */
export async function changedConstraints(
  ctx: AppContext,
  before: EntityDef | undefined,
  after: EntityDef,
  workflow: WorkflowDef | null,
): Promise<Orphan[]> {
  if (!before || before.virtual) return [];
  const out: Orphan[] = [];
  const dicts = new DictionaryValues(ctx);
  for (const [name, def] of Object.entries(after.fields ?? {})) {
    const old = before.fields?.[name];
    if (!old || !def || typeof def !== 'object' || def.readOnly || storageOf(after, name)?.kind === 'system') continue;
    if (JUDGED.every((k) => JSON.stringify(old[k]) === JSON.stringify(def[k]))) continue;
    const [was, now] = [await optionsOf(dicts, old), await optionsOf(dicts, def)];
    const refused = new Map<string | null, number>();
    for (const row of await storedValues(ctx, after, name)) {
      const text = String(row.value);
      if (refusal(def, text, now) === null || refusal(old, text, was) !== null) continue;
      const status = row.status === null ? null : String(row.status);
      refused.set(status, (refused.get(status) ?? 0) + 1);
    }
    if (!refused.size) continue;
    const rows: Counted = [...refused].map(([status, n]) => ({ status, n }));
    const byStatus = statusCounts(rows, workflow);
    const field = def.label ?? name;
    out.push({
      entity: after.name,
      what: 'invalid',
      name,
      records: byStatus.reduce((n, s) => n + s.records, 0),
      byStatus,
      message: sentence(
        after.label ?? after.name,
        `的${field}不符合修改后的规则（${changeWords(old, def)}）`,
        byStatus,
      ),
    });
  }
  return out;
}
