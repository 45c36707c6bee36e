/**
 * Page schema + entity schema → Formily JSON schema. Headless: no React here, so the mapping is
 * unit-tested alone. Rules (`visible` / `required` / `disabled`) are NOT put in the schema as
 * `{{ }}` reactions: they are returned as data and applied by ./formRules.ts as form effects.
 */
import { requiredOnSubmit } from '../../../shared/schema/requiredFields.js';
import type { ISchema } from '@formily/json-schema';
import type { Rule } from '../../../shared/rules/Rule.js';
import type { EntityDef, FieldDef, FormFieldDef, FormPageDef, SectionDef } from '../../../shared/schema/types.js';
import { ariaLabelProps, defaultWidget, isWide, valueType } from './fieldWidgets.js';
import { fieldValidators } from './fieldMessages.js';
import { itemLabels, labelWidthFor } from './labelWidth.js';
import { rangeText } from './rangeText.js';

export type FormMode = 'add' | 'edit' | 'look';

export interface FieldRules {
  field: string;
  visible?: Rule;
  required?: Rule;
  disabled?: Rule;
  /** The entity's requiredWhen: over {record}, the record overlaid with the form's values. */
  requiredWhen?: Rule;
}

export interface BuiltForm {
  schema: ISchema;
  /** Step titles of a multi-step form (its panes are `step0`, `step1`, ...), else null. */
  steps: string[] | null;
  rules: FieldRules[];
  /** Entity fields the page edits, in page order (what a save sends). */
  fields: string[];
  /** The label column's width: the longest label on one line with its colon (labelWidth.ts). */
  labelWidth: number;
}

export interface BuildOptions {
  hasWidget?: (name: string) => boolean;
  /** The workflow's status field: shown as a StatusTag unless the page names a widget. */
  statusField?: string;
  /** Columns of the form grid. */
  columns?: number;
  /** Read-only fields a lookup fills: shown (as text) in add forms too, beside what the user enters. */
  lookupFilled?: Set<string>;
}

export const FORM_COLUMNS = 2;

function widgetProps(def: FieldDef, f: FormFieldDef, widget: string, entityName: string): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  if (def.dict) props.dict = def.dict;
  if (def.multiple && widget === 'Select') props.mode = 'multiple';
  if (def.type === 'datetime' && widget === 'DatePicker') props.showTime = true;
  // The uploader checks type set, size and count against this field (file service contract).
  if (widget === 'Upload' || widget === 'RichText') props.belongType = `${entityName}.${f.field}`;
  if (def.maxLength && (widget === 'Input' || widget === 'TextArea')) props.maxLength = def.maxLength;
  if (def.maxLength && widget === 'TextArea') props.showCount = true;
  if (def.type === 'files') {
    if (def.accept) props.accept = def.accept;
    if (def.maxCount !== undefined) props.maxCount = def.maxCount;
    if (def.maxSize !== undefined) props.maxSize = def.maxSize;
  }
  if (def.type === 'integer' && widget === 'NumberPicker') props.precision = 0;
  if (def.minimum !== undefined && widget === 'NumberPicker') props.min = def.minimum;
  if (def.maximum !== undefined && widget === 'NumberPicker') props.max = def.maximum;
  if (f.placeholder) props.placeholder = f.placeholder;
  // Rows of a json field: the widget shows labels and formats, and each cell's message, by them.
  if (def.rows) Object.assign(props, { rows: def.rows, field: f.field, fieldLabel: f.label ?? def.label });
  if (def.textFilter) props.textFilter = true;
  return { ...props, ...f.props };
}

/** Said under a field a draft may keep empty (requiredOn "submit"). */
export const DRAFT_MAY_KEEP_EMPTY = '草稿可暂不填写，提交时必须填写';

export function fieldSchema(
  entity: EntityDef,
  f: FormFieldDef,
  mode: FormMode,
  opts: BuildOptions = {},
): ISchema | null {
  const def = entity.fields[f.field];
  if (!def) return null;
  const filled = opts.lookupFilled?.has(f.field) ?? false;
  if ((def.readOnly || f.readOnly) && mode === 'add' && !filled) return null;
  const columns = opts.columns ?? FORM_COLUMNS;
  let widget = f.widget ?? (f.field === opts.statusField ? 'StatusTag' : defaultWidget(def, mode, opts.hasWidget));
  // The uploader is registered by the file module; until it is, files show as a read-only list.
  if (widget === 'Upload' && opts.hasWidget && !opts.hasWidget('Upload')) widget = 'FileList';
  if (widget === 'Upload' && mode === 'look') widget = 'FileList';
  // Spans count columns of 24 (as antd's grid); the form grid has `columns` columns.
  const span =
    f.span !== undefined
      ? Math.min(columns, Math.max(1, Math.round((f.span * columns) / 24)))
      : isWide(def)
        ? columns
        : 1;
  const s: ISchema = {
    type: valueType(def),
    title: f.label ?? def.label,
    // A copyable field's item has the copy action after its value (SPEC §5: 复制成功 / 无复制内容).
    'x-decorator': def.copyable ? 'CopyableFormItem' : 'FormItem',
    'x-decorator-props': { gridSpan: span },
    'x-component': widget,
    'x-component-props': widgetProps(def, f, widget, entity.name),
  };
  // Read-only values are text; what the user edits is named by its label.
  const editable = mode !== 'look' && !def.readOnly && !f.readOnly;
  if (editable)
    s['x-component-props'] = { ...ariaLabelProps(widget, String(s.title ?? '')), ...s['x-component-props'] };
  // What users read is the Chinese `help`; an entity's `description` is for those who edit schemas.
  // The range a typed number accepts is said next to it as well (not for a picker of records, nor in look mode).
  const typed = mode !== 'look' && (widget === 'NumberPicker' || widget === 'Input');
  const help = [f.help ?? def.help, typed ? rangeText(def) : null].filter(Boolean).join('；');
  // A field a draft may keep empty says so: the save passes without it, leaving the draft does not.
  const draftMayKeepEmpty = requiredOnSubmit(def) && mode !== 'look';
  if (help || draftMayKeepEmpty)
    s.description = [help, draftMayKeepEmpty ? DRAFT_MAY_KEEP_EMPTY : ''].filter(Boolean).join(' ');
  if (def.required && !requiredOnSubmit(def) && f.required === undefined) s.required = true;
  if (def.maxLength !== undefined) s.maxLength = def.maxLength;
  if (def.minLength !== undefined) s.minLength = def.minLength;
  if (def.minimum !== undefined) s.minimum = def.minimum;
  if (def.maximum !== undefined) s.maximum = def.maximum;
  const oneOf = (entity.requireOneOf ?? []).filter((g) => g.fields.includes(f.field));
  if (mode !== 'look') s['x-validator'] = fieldValidators(def, String(s.title), widget, oneOf);
  if (mode === 'add' && def.default !== undefined) s.default = def.default;
  if ((def.readOnly || f.readOnly) && (mode === 'edit' || mode === 'add')) s['x-pattern'] = 'readPretty';
  if (f.hidden) s['x-display'] = 'hidden';
  return s;
}

function sectionSchema(
  entity: EntityDef,
  section: SectionDef,
  mode: FormMode,
  opts: BuildOptions,
  fields: string[],
  rules: FieldRules[],
  address: string,
): ISchema {
  const properties: Record<string, ISchema> = {};
  if (section.visible !== undefined) rules.push({ field: address, visible: section.visible });
  for (const f of section.fields) {
    const s = fieldSchema(entity, f, mode, opts);
    if (!s) continue;
    properties[f.field] = s;
    if (!entity.fields[f.field].readOnly && !f.readOnly) fields.push(f.field);
    const when = mode === 'look' ? undefined : entity.fields[f.field].requiredWhen;
    if (f.visible !== undefined || f.required !== undefined || f.disabled !== undefined || when !== undefined) {
      rules.push({
        field: f.field,
        visible: f.visible,
        required: f.required,
        disabled: f.disabled,
        ...(when !== undefined ? { requiredWhen: when } : {}),
      });
    }
  }
  return {
    type: 'void',
    'x-component': 'Section',
    'x-component-props': section.title ? { title: section.title } : {},
    properties: {
      grid: {
        type: 'void',
        'x-component': 'FormGrid',
        'x-component-props': { maxColumns: opts.columns ?? FORM_COLUMNS, minColumns: 1 },
        properties,
      },
    },
  };
}

/** Sections of a page; a page naming none shows every entity field the user may write. */
function sectionsOf(page: FormPageDef, entity: EntityDef): SectionDef[] {
  if (page.sections?.length) return page.sections;
  if (page.steps?.length) return [];
  return [{ fields: Object.keys(entity.fields).map((field) => ({ field })) }];
}

export function buildFormSchema(
  page: FormPageDef,
  entity: EntityDef,
  mode: FormMode,
  given: BuildOptions = {},
): BuiltForm {
  const opts: BuildOptions = {
    lookupFilled: new Set((page.lookups ?? []).flatMap((l) => Object.keys(l.copy))),
    ...given,
  };
  const fields: string[] = [];
  const rules: FieldRules[] = [];
  const properties: Record<string, ISchema> = {};
  let steps: string[] | null = null;
  if (page.steps?.length) {
    steps = page.steps.map((s) => s.title);
    page.steps.forEach((step, i) => {
      const inner: Record<string, ISchema> = {};
      step.sections.forEach((section, j) => {
        inner[`section${j}`] = sectionSchema(entity, section, mode, opts, fields, rules, `step${i}.section${j}`);
      });
      properties[`step${i}`] = {
        type: 'void',
        'x-component': 'StepPane',
        'x-component-props': { title: step.title },
        properties: inner,
      };
    });
  } else {
    sectionsOf(page, entity).forEach((section, j) => {
      properties[`section${j}`] = sectionSchema(entity, section, mode, opts, fields, rules, `section${j}`);
    });
  }
  return {
    schema: { type: 'object', properties },
    steps,
    rules,
    fields,
    labelWidth: labelWidthFor(itemLabels(properties)),
  };
}

/** Values a save sends: the page's writable fields that are present, plus id and version. */
export function saveBody(
  values: Record<string, unknown>,
  fields: string[],
  record?: { id?: unknown; version?: unknown } | null,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (record?.id !== undefined && record?.id !== null) body.id = record.id;
  if (record?.version !== undefined && record?.version !== null) body.version = record.version;
  for (const f of fields)
    if (Object.prototype.hasOwnProperty.call(values, f) && values[f] !== undefined) body[f] = values[f];
  return body;
}
