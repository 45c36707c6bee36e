import type { FieldDef } from '../../../shared/schema/types.js';

/** Widget a field gets when its page does not name one. Files use the uploader when it is registered. */
export function defaultWidget(
  def: FieldDef,
  mode: 'add' | 'edit' | 'look' | 'filter',
  hasWidget: (name: string) => boolean = () => true,
): string {
  if (def.dict) return mode === 'look' && def.readOnly ? 'DictText' : 'Select';
  switch (def.type) {
    case 'text':
      return mode === 'filter' ? 'Input' : 'TextArea';
    case 'richtext':
      return mode === 'filter' ? 'Input' : 'RichText';
    case 'integer':
    case 'number':
      return 'NumberPicker';
    case 'boolean':
      return mode === 'filter' ? 'Select' : 'Switch';
    case 'date':
      return 'DatePicker';
    case 'datetime':
      return 'DateTimePicker';
    case 'files':
      return mode !== 'look' && hasWidget('Upload') ? 'Upload' : 'FileList';
    case 'json':
      // Rows are drawn as a table with a column per row field; text is only for free-form json.
      return def.rows && mode !== 'filter' ? 'ArrayTable' : 'TextArea';
    default:
      return 'Input';
  }
}

/** Formily schema `type` of a field's value. */
export function valueType(def: FieldDef): 'string' | 'number' | 'boolean' | 'array' {
  if (def.type === 'files' || def.multiple) return 'array';
  if (def.type === 'integer' || def.type === 'number') return def.dict ? 'string' : 'number';
  if (def.type === 'boolean') return 'boolean';
  return 'string';
}

/** Fields that take a whole row of the grid by default. */
export function isWide(def: FieldDef): boolean {
  return def.type === 'text' || def.type === 'richtext' || def.type === 'files' || def.type === 'json';
}

/**
 * Widgets whose props reach one focusable control (an input, a select's search box, a switch's
 * button). A form item's label is not tied to its control, so a screen reader would announce these
 * without a name: they take the field's label as `aria-label`. Groups (radios, check boxes) name
 * each choice themselves, and an uploader names its own button.
 */
const NAMED_BY_LABEL = new Set([
  'Input',
  'TextArea',
  'Password',
  'MaskedInput',
  'NumberPicker',
  'Select',
  'RecordSelect',
  'WatchShiftSelect',
  'SchoolSelect',
  'Switch',
  'DatePicker',
  'DateTimePicker',
  // The editor's writing area (a contenteditable textbox).
  'RichText',
]);

/** The accessible name a widget gets from its field's label, or nothing when it names itself. */
export function ariaLabelProps(widget: string, label: string | undefined): { 'aria-label'?: string } {
  return label && NAMED_BY_LABEL.has(widget) ? { 'aria-label': label } : {};
}
