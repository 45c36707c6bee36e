import type { EntityDef, FieldDef } from '../../../shared/schema/types.js';
import { SYSTEM_FIELDS } from '../../../shared/schema/types.js';
import { FILE_TYPE_SETS, UPLOAD_DEFAULTS, UPLOAD_MESSAGES, tooLargeMessage } from '../../../shared/fileTypes.js';
import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import { resolveFileRefs, type FileRef } from '../files/fileRefs.js';
import type { DictionaryValues } from '../records/dictionaries.js';
import { rowErrors } from '../../../shared/rowChecks.js';
import { stripNonXmlDeep } from '../../../shared/xmlText.js';
import { emptyOneOfGroups, isDraftStatus, requiredToSave } from '../../../shared/schema/requiredFields.js';
import type { StoredRecord } from '../records/RecordStore.js';
import { isEmpty, checkString, checkNumber, checkBoolean, checkDate, type Checked } from '../records/fieldValues.js';

/** One field's complaint, safe to show: the envelope's data of a 参数不合法 answer. */
export interface FieldError {
  field: string;
  label: string;
  message: string;
}

/** Keys a save body may carry besides fields. */
const ENVELOPE_KEYS = new Set(['id', 'version', 'subAct', '_perm', '_action', '_comment']);
const JSON_LIMIT = 100_000;
/**
 * Most items of a list (a multiple dictionary field) or of a json array whose rows name no
 * maxRows of their own: every list has a bound, whatever the schema forgets to say.
 */
export const MAX_LIST_ITEMS = 200;

function fileIds(raw: unknown): number[] | null {
  if (!Array.isArray(raw)) return null;
  const ids: number[] = [];
  for (const item of raw) {
    const v = item && typeof item === 'object' ? (item as { id?: unknown }).id : item;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0) return null;
    if (!ids.includes(n)) ids.push(n);
  }
  return ids;
}

/** The values of every dictionary a json field's rows name. */
async function rowDictionaries(dicts: DictionaryValues, def: FieldDef): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const col of Object.values(def.rows?.fields ?? {})) {
    if (col.dict && !out.has(col.dict)) out.set(col.dict, new Set((await dicts.options(col.dict)).map((o) => o.value)));
  }
  return out;
}

/**
 * Validates and normalises the fields of a save body. Unknown keys are refused; system and
 * read-only fields are ignored (the server sets them); every complaint is collected and the save
 * is refused with 参数不合法 and the list of fields. Returns the writable fields the body gave, and
 * the file ids per files field (to bind to the record once it has an id).
 */
export async function validateFields(
  ctx: AppContext,
  dicts: DictionaryValues,
  entity: EntityDef,
  body: Record<string, unknown>,
  existing: StoredRecord | null,
  user: SessionUser,
): Promise<{ values: Record<string, unknown>; files: Map<string, number[]> }> {
  const errors: FieldError[] = [];
  const values: Record<string, unknown> = {};
  const files = new Map<string, number[]>();
  const fail = (field: string, message: string) =>
    errors.push({ field, label: entity.fields[field]?.label ?? field, message });

  for (const key of Object.keys(body)) {
    if (ENVELOPE_KEYS.has(key) || (SYSTEM_FIELDS as readonly string[]).includes(key)) continue;
    const def = Object.prototype.hasOwnProperty.call(entity.fields, key) ? entity.fields[key] : undefined;
    if (!def) {
      fail(key, `不允许的字段：${key}`);
      continue;
    }
    if (def.readOnly) continue;
    // Characters XML cannot hold never reach the database (nor a generated .docx from it).
    const raw = stripNonXmlDeep(body[key]);
    if (isEmpty(raw)) {
      values[key] = null;
      continue;
    }
    const bound = def.rows?.maxRows ?? MAX_LIST_ITEMS;
    if (Array.isArray(raw) && raw.length > bound && (def.multiple || (def.type === 'json' && !def.rows?.maxRows))) {
      fail(key, `${def.label}最多${bound}项`);
      continue;
    }
    let checked: Checked;
    if (def.multiple) {
      // A list of dictionary values: each is checked against the dictionary below.
      checked = Array.isArray(raw) ? { value: raw } : { value: null, error: `${def.label}的取值不在字典范围内` };
    } else
      switch (def.type) {
        case 'string':
        case 'text':
        case 'richtext':
          checked = checkString(def, raw);
          break;
        case 'integer':
        case 'number':
          checked = checkNumber(def, raw);
          break;
        case 'boolean':
          checked = checkBoolean(def, raw);
          break;
        case 'date':
        case 'datetime':
          checked = checkDate(def, raw);
          break;
        case 'json': {
          const text = JSON.stringify(raw);
          checked = text.length > JSON_LIMIT ? { value: null, error: `${def.label}内容过长` } : { value: raw };
          if (!checked.error && def.rows) {
            // Rows checked like fields, each complaint at its cell's path (members[0].idCard).
            const dictValues = await rowDictionaries(dicts, def);
            const bad = rowErrors(key, def, raw, { dictValues: (t) => dictValues.get(t) });
            if (bad.length) {
              for (const b of bad) errors.push({ field: b.path, label: def.label, message: b.message });
              continue;
            }
          }
          break;
        }
        case 'files': {
          const ids = fileIds(raw);
          const max = def.maxCount ?? UPLOAD_DEFAULTS.maxCount;
          if (!ids) checked = { value: null, error: `${def.label}格式不正确` };
          else if (max !== -1 && ids.length > max) checked = { value: null, error: UPLOAD_MESSAGES.tooMany };
          else {
            checked = { value: ids };
            files.set(key, ids);
          }
          break;
        }
      }
    if (checked.error) {
      fail(key, checked.error);
      continue;
    }
    let value = checked.value;
    if (def.dict && value !== null && def.type !== 'files') {
      const options = new Set((await dicts.choosable(def.dict)).map((o) => o.value));
      const list = def.multiple ? (value as unknown[]) : [value];
      const texts = list.map((v) => (typeof v === 'number' || typeof v === 'string' ? String(v) : null));
      if (texts.some((t) => t === null || !options.has(t))) {
        fail(key, `${def.label}的取值不在字典范围内`);
        continue;
      }
      value = def.multiple ? texts : texts[0];
    } else if (def.multiple) {
      fail(key, `${def.label}格式不正确`);
      continue;
    }
    values[key] = value;
  }

  // Files: refs the record already holds are kept as they are; new ids are resolved by the file service.
  for (const [key, ids] of files) {
    const def = entity.fields[key];
    const held = new Map<number, FileRef>(((existing?.[key] as FileRef[] | null) ?? []).map((r) => [r.id, r]));
    const fresh = ids.filter((id) => !held.has(id));
    let resolved: FileRef[] = [];
    if (fresh.length) {
      try {
        resolved = await resolveFileRefs(ctx, user, fresh, { belongType: `${entity.name}.${key}` });
      } catch (e) {
        if (e instanceof AppError) {
          fail(key, e.message === '参数不合法' ? `${def.label}包含无效的文件` : e.message);
          continue;
        }
        throw e;
      }
    }
    const byId = new Map<number, FileRef>([...held, ...resolved.map((r) => [r.id, r] as const)]);
    const refs = ids.map((id) => byId.get(id)).filter((r): r is FileRef => Boolean(r));
    if (refs.length !== ids.length) {
      fail(key, `${def.label}包含无效的文件`);
      continue;
    }
    const allowedTypes = def.accept ? FILE_TYPE_SETS[def.accept] : null;
    const maxSize = def.maxSize ?? UPLOAD_DEFAULTS.maxSize;
    const bad = resolved.find(
      (r) => allowedTypes && !allowedTypes.includes(String(r.fileSuffix).toLowerCase().replace(/^\./, '')),
    );
    if (bad) {
      fail(key, UPLOAD_MESSAGES.wrongType);
      continue;
    }
    if (maxSize !== -1 && resolved.some((r) => r.fileSize > maxSize * 1024 * 1024)) {
      fail(key, tooLargeMessage(maxSize));
      continue;
    }
    values[key] = refs;
  }

  // Required: on the record as it will be after this save; a draft may leave requiredOn "submit" fields empty.
  const workflow = entity.workflow ? ctx.schemas.workflows.get(entity.workflow) : undefined;
  const draft = isDraftStatus(workflow, existing ? existing[workflow?.field ?? 'status'] : workflow?.initial);
  const after = (key: string) => (key in values ? values[key] : existing ? existing[key] : undefined);
  // What a requiredWhen rule reads: the record as this save leaves it.
  const record = { ...(existing ?? {}), ...values };
  for (const [key, def] of Object.entries(entity.fields)) {
    if (!requiredToSave(def, draft, record) || errors.some((e) => e.field === key)) continue;
    if (isEmpty(after(key))) fail(key, `${def.label}不能为空`);
  }
  // One of a group (a mobile or an e-mail): said once, at the group's first field, unless a field of it already failed.
  for (const group of emptyOneOfGroups(entity.requireOneOf, after))
    if (!errors.some((e) => group.fields.includes(e.field))) fail(group.fields[0], group.message);

  if (errors.length) throw AppError.invalid(errors);
  return { values, files };
}
