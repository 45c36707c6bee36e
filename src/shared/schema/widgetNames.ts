/**
 * Names a schema may give in `widget` (form fields and filters). The server's schemas:check refuses
 * any other name; the client's widget registry test asserts it registers exactly these, so the two
 * lists cannot drift apart. Adding a widget: one file in src/client/runtime/widgets, one registry
 * line, and its name here.
 */
export const WIDGET_NAMES = [
  'Input',
  'TextArea',
  'Password',
  'NumberPicker',
  'Select',
  'Radio',
  'Checkbox',
  'Switch',
  'DatePicker',
  'DateTimePicker',
  'DateRangePicker',
  'RichText',
  'Upload',
  // Read-only widgets: a dictionary label, a workflow status tag, a list of stored files.
  'DictText',
  'StatusTag',
  'FileList',
] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];
